import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { TablesRead, UploadWarnings } from "./UploadReport.tsx";
import type { AcceptedUpload } from "./uploadReport.ts";

/** What an accepted file brought: its lines, the tables read, warnings and the rows set aside. */
export function UploadAccepted({ answer, message }: { answer: AcceptedUpload; message: string }) {
  const skipped = answer.skipped_rows ?? 0;
  return (
    <Stack gap={6} data-testid="upload-accepted">
      <Alert color="teal" variant="light">
        <Text size="sm">{message}</Text>
        {skipped > 0 ? (
          <Text size="sm" mt={4} data-testid="upload-skipped">
            {skipped.toLocaleString("en-US")} row{skipped === 1 ? " was" : "s were"} set aside.{" "}
            {answer.rejected_rows_url ? (
              <Anchor href={answer.rejected_rows_url} download>
                Download the rejected rows (CSV)
              </Anchor>
            ) : null}
          </Text>
        ) : null}
      </Alert>
      <TablesRead tables={answer.tables_read} />
      <UploadWarnings warnings={answer.warnings} />
    </Stack>
  );
}
