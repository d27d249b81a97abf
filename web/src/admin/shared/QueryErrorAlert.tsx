import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { errorMessage } from "../../api/errors.ts";

/** A failed load inside a screen (the screen's frame stays). */
export function QueryErrorAlert({
  error,
  title = "This could not be loaded",
}: {
  error: unknown;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={title} my="md">
      {errorMessage(error)}
    </Alert>
  );
}
