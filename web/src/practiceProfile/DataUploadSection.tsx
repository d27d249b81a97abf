import "@mantine/dropzone/styles.css";
import { Alert, Badge, Button, Chip, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconDatabaseImport, IconFileUpload, IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { previewDataFiles, uploadDataFiles } from "../api/practiceUploads.ts";
import { sessionKeys } from "../session/queries.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { UploadAccepted } from "../uploads/UploadAccepted.tsx";
import { UploadReport } from "../uploads/UploadReport.tsx";
import { needsConfirmation, reportOf, type UploadOptions } from "../uploads/uploadReport.ts";
import { STATUS_LABELS, uploadYearChoices, yearLines } from "./dataUploadYears.ts";

const STATUS_COLORS = {
  enabled: "teal",
  analysing: "blue",
  replaced: "grape",
  held: "teal",
  requested: "orange",
} as const;
const ACCEPTED_TYPES = ".csv,.parquet,.xlsx,.zip,.json";

/** "873 lines (now 850)": a year's lines in the file, and now when it has data. */
const yearRowsText = (entry: { rows: number; current_rows: number | null }) =>
  `${entry.rows.toLocaleString("en-US")} lines${
    entry.current_rows === null ? "" : ` (now ${entry.current_rows.toLocaleString("en-US")})`
  }`;

/**
 * The practice's yearly data (customer-area.md section 2, Practice profile): pick or drop the files,
 * then Cancel or Send (as 'data_upload'). Dropped files are read first (a preview: nothing is
 * loaded) and the years they hold are offered, each with its lines, all ticked. Afterwards the years found are shown as being analysed;
 * years staff ask for (pending_years) are prompted, the oldest being the reference year; a refused
 * file shows its report as a table.
 */
export function DataUploadSection() {
  const detail = useCustomerDetail();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const organization = detail?.organization;
  const { choices, selected: initiallySelected } = uploadYearChoices(
    organization ?? { pending_years: [] },
    new Date().getFullYear(),
  );
  const [picked, setPicked] = useState<string[] | null>(null);
  // What the dropped files hold, read by the server before anything is loaded: their years are
  // the choices, all ticked (the files' own years, not guesses).
  const preview = useMutation({ mutationFn: previewDataFiles });
  const found = preview.data?.years;
  const yearChoices = found ? found.map((entry) => entry.year) : choices;
  const selected = picked ?? (found ? yearChoices : initiallySelected).map(String);
  const send = useMutation({
    mutationFn: (options: UploadOptions = {}) => uploadDataFiles(files, selected.map(Number), options),
    onSuccess: async () => {
      setFiles([]);
      setPicked(null);
      preview.reset();
      await queryClient.invalidateQueries({ queryKey: sessionKeys.customer() });
    },
  });
  if (!organization) return null;
  const lines = yearLines(organization);
  const pending = lines.filter((line) => line.status === "requested");
  const report = reportOf(send.error) ?? reportOf(preview.error);
  // A resend keeps what was asked before (load the valid rows) and adds the new request.
  const resend = (options: UploadOptions) => send.mutate({ ...send.variables, ...options });

  return (
    <Paper p="md" id="data-upload" data-tour="data-upload">
      <Stack gap="sm">
        <Group gap="xs">
          <IconDatabaseImport size={22} aria-hidden />
          <Title order={3}>Data upload</Title>
        </Group>
        <Text size="sm" c="dimmed">
          Your yearly claims data: professional fees, facility fees and payor classification (CSV, XLSX,
          Parquet, or one ZIP holding them).
        </Text>
        {pending.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconInfoCircle />} title="Data requested">
            <List size="sm">
              {pending.map((line) => (
                <List.Item key={line.year}>
                  Please send your {line.year} data
                  {line.reference ? " (the reference year the others are compared with)" : ""}.
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {lines.length > 0 ? (
          <Stack gap={4} aria-label="Your years">
            {lines.map((line) => (
              <Group key={line.year} gap="xs">
                <Text size="sm" fw={600} w={44}>
                  {line.year}
                </Text>
                <Badge variant="light" color={STATUS_COLORS[line.status]}>
                  {STATUS_LABELS[line.status]}
                </Badge>
                {line.reference ? (
                  <Badge variant="outline" color="gray">
                    Reference year
                  </Badge>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : null}
        <Stack gap={4} aria-busy={preview.isPending}>
          <Text size="sm" fw={500}>
            Years in the file
          </Text>
          <Text size="xs" c="dimmed">
            {preview.isPending
              ? "Reading your files..."
              : found
                ? "Found in your files; untick a year to leave it as it is."
                : organization.pending_years.length > 0
                  ? "The years our team asked for."
                  : "We keep the years your file has data for."}
          </Text>
          <Chip.Group multiple value={selected} onChange={setPicked}>
            <Group gap={6} data-testid="upload-years">
              {yearChoices.map((year) => {
                const entry = found?.find((candidate) => candidate.year === year);
                return (
                  <Chip key={year} value={String(year)} size="xs">
                    {year}
                    {entry ? ` · ${yearRowsText(entry)}` : ""}
                  </Chip>
                );
              })}
            </Group>
          </Chip.Group>
        </Stack>
        {files.length > 0 ? (
          <Stack gap="xs">
            <List size="sm" aria-label="Chosen files">
              {files.map((file) => (
                <List.Item key={file.name}>{file.name}</List.Item>
              ))}
            </List>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  setFiles([]);
                  setPicked(null);
                  preview.reset();
                }}
                disabled={send.isPending}
              >
                Cancel
              </Button>
              <Button
                loading={send.isPending}
                disabled={selected.length === 0 || preview.isPending}
                onClick={() => send.mutate({})}
              >
                Send
              </Button>
            </Group>
          </Stack>
        ) : (
          <Dropzone
            onDrop={(dropped) => {
              send.reset();
              setPicked(null);
              setFiles(dropped);
              preview.mutate(dropped);
            }}
            multiple
            aria-label="Data files"
            name="data_upload"
          >
            <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: "none" }}>
              <IconFileUpload size={30} color="var(--mantine-color-gray-6)" />
              <Text size="sm" c="dimmed" ta="center">
                Drop your data files here or click to choose them ({ACCEPTED_TYPES.replaceAll(",", " ")})
              </Text>
            </Group>
          </Dropzone>
        )}
        {send.isSuccess ? (
          <UploadAccepted
            answer={send.data}
            message={`Thank you: data found for ${(send.data.years ?? []).join(", ")}${
              send.data.rows !== undefined ? ` (${send.data.rows.toLocaleString("en-US")} lines)` : ""
            }. Our team is analysing it.`}
          />
        ) : null}
        {send.error && needsConfirmation(send.error) ? (
          <Alert color="orange" variant="light" title="Replace your data?">
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
        ) : send.error || (preview.error && !send.isSuccess) ? (
          <Alert color="red" variant="light" title="The file was not accepted">
            {errorMessage(send.error ?? preview.error)}
            {report ? " Correct these lines and send the file again, or load the valid rows." : ""}
          </Alert>
        ) : null}
        {report ? (
          <UploadReport
            report={report}
            loadingValid={send.isPending}
            onLoadValid={files.length > 0 ? () => resend({ skipInvalid: true }) : undefined}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
