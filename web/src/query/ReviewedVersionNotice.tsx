import { Alert } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";

/**
 * Says that the analysis reads the version of its year staff enabled while a newer extract is
 * reviewed (the answer's reviewed_version, worded by the server); nothing otherwise.
 */
export function ReviewedVersionNotice({ note }: { note: string | undefined }) {
  if (!note) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHistory aria-hidden="true" />}
      mb="md"
      title="The reviewed version"
      data-reviewed-version
    >
      {note}
    </Alert>
  );
}
