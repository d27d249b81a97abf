import "@mantine/dropzone/styles.css";
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconFileUpload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type MarketKind, uploadMarketFile } from "../../api/adminUploads.ts";
import { errorMessage } from "../../api/errors.ts";
import { UploadReport } from "../../uploads/UploadReport.tsx";
import { UploadRefused } from "../../uploads/uploadReport.ts";

/** The zone opens once the year has exactly 4 characters (admin-area.md sections 4 and 5). */
export const yearReady = (year: string) => year.length === 4;

/**
 * One advisory-board upload block: a year (at most 4 characters) and a drop-or-click file zone,
 * disabled until the year has 4 characters; a chosen file can be cancelled or sent. After sending,
 * the file is cleared and the year reset; a refused file's errors are listed under the message.
 */
export function MarketUploadBlock({ title, kind }: { title: string; kind: MarketKind }) {
  const [year, setYear] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: ({ picked, forYear }: { picked: File; forYear: string }) =>
      uploadMarketFile(kind, forYear, picked),
    onSettled: () => {
      setFile(null);
      setYear("");
    },
  });
  const ready = yearReady(year);
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        <TextInput
          label="Year"
          placeholder="e.g. 2024"
          maxLength={4}
          w={160}
          value={year}
          onChange={(event) => {
            send.reset();
            setYear(event.currentTarget.value.slice(0, 4));
          }}
        />
        {file ? (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {file.name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => setFile(null)}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={send.isPending}
                onClick={() => send.mutate({ picked: file, forYear: year })}
              >
                Send
              </Button>
            </Group>
          </Group>
        ) : (
          <Dropzone
            onDrop={(files) => setFile(files[0] ?? null)}
            multiple={false}
            disabled={!ready}
            aria-label={`${title} file`}
            style={ready ? undefined : { opacity: 0.5, cursor: "not-allowed" }}
          >
            <Group justify="center" gap="sm" mih={70} style={{ pointerEvents: "none" }}>
              <IconFileUpload size={28} color="var(--mantine-color-gray-6)" />
              <Text size="sm" c="dimmed">
                {ready ? "Drop the file here or click to choose it" : "Type the year first"}
              </Text>
            </Group>
          </Dropzone>
        )}
        {send.isSuccess ? (
          <Alert color="green" variant="light">
            {`File accepted${send.data.rows !== undefined ? `: ${send.data.rows} rows` : ""}.`}
          </Alert>
        ) : null}
        {send.error ? (
          <Alert color="red" variant="light">
            {errorMessage(send.error)}
          </Alert>
        ) : null}
        {/* A refused file: the errors its answer carries (table, row, column, reason), as the
            practice uploads list them. */}
        {send.error instanceof UploadRefused ? <UploadReport report={send.error.report} /> : null}
      </Stack>
    </Paper>
  );
}
