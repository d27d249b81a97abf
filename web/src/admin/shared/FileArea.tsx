import { Alert, Badge, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconFileCheck, IconHourglass, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { uploadPracticeFile } from "../../api/adminUploads.ts";
import type { YearFile } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { UploadAccepted } from "../../uploads/UploadAccepted.tsx";
import { UploadReport } from "../../uploads/UploadReport.tsx";
import { needsConfirmation, reportOf, type UploadOptions } from "../../uploads/uploadReport.ts";
import { adminKeys } from "../queries.ts";
import { FILE_LABELS, fileDisplay } from "../yearState.ts";

/**
 * A year's data file (admin-area.md section 4, "File for a year"): need_update lets staff choose a file
 * and Send it; otherwise 'Waiting for user' or 'File is uploaded'.
 */
export function FileArea({
  organizationId,
  year,
  file,
  canUpload,
}: {
  organizationId: string;
  year: number;
  file: YearFile;
  canUpload: boolean;
}) {
  const display = fileDisplay(file);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: ({ picked, options }: { picked: File; options?: UploadOptions }) =>
      uploadPracticeFile(organizationId, year, picked, options),
    onSuccess: async () => {
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.organization(organizationId) });
    },
  });
  // A resend keeps what was asked before (load the valid rows) and adds the new request.
  const resend = (options: UploadOptions) => {
    if (chosen) send.mutate({ picked: chosen, options: { ...send.variables?.options, ...options } });
  };
  const report = reportOf(send.error);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {display === "uploaded" ? <IconFileCheck size={18} color="var(--mantine-color-green-7)" /> : null}
        {display === "waiting" ? <IconHourglass size={18} color="var(--mantine-color-gray-6)" /> : null}
        <Badge
          color={display === "uploaded" ? "green" : display === "need_update" ? "orange" : "gray"}
          variant="light"
        >
          {FILE_LABELS[display]}
        </Badge>
        {file.name ? (
          <Text size="xs" c="dimmed">
            {file.name}
          </Text>
        ) : null}
      </Group>
      {display === "need_update" && canUpload ? (
        <Group gap="xs">
          <FileButton onChange={setChosen} accept=".csv,.parquet,.xlsx,.zip">
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />}>
                {chosen ? chosen.name : "Choose a file"}
              </Button>
            )}
          </FileButton>
          {chosen ? (
            <>
              <Button size="xs" variant="default" onClick={() => setChosen(null)}>
                Cancel
              </Button>
              <Button size="xs" loading={send.isPending} onClick={() => send.mutate({ picked: chosen })}>
                Send
              </Button>
            </>
          ) : null}
        </Group>
      ) : null}
      {send.error && needsConfirmation(send.error) ? (
        <Alert color="orange" variant="light" title="Replace the data of this year?">
          <Stack gap="xs">
            <Text size="sm">{send.error.message}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                color="orange"
                loading={send.isPending}
                onClick={() => resend({ confirm: true })}
              >
                Replace the data
              </Button>
              <Button size="xs" variant="default" onClick={() => send.reset()}>
                Keep the current data
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : send.error ? (
        <Alert color="red" variant="light">
          {errorMessage(send.error)}
        </Alert>
      ) : null}
      {report ? (
        <UploadReport
          report={report}
          loadingValid={send.isPending}
          onLoadValid={chosen ? () => resend({ skipInvalid: true }) : undefined}
        />
      ) : null}
      {send.data ? (
        <UploadAccepted
          answer={send.data}
          message={`Accepted: ${send.data.rows.toLocaleString("en-US")} lines for ${send.data.years.join(", ")}.`}
        />
      ) : null}
    </Stack>
  );
}
