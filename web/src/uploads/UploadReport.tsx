import { Alert, Button, Group, List, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ErrorReport, IngestWarning, TableRead } from "./uploadReport.ts";
import { rowLabel } from "./uploadReport.ts";

/** Which table of the contract each file (ZIP entry, sheet) was read as. */
export function TablesRead({ tables }: { tables: TableRead[] | undefined }) {
  if (!tables || tables.length === 0) return null;
  return (
    <List size="xs" c="dimmed" aria-label="Tables read">
      {tables.map((item) => (
        <List.Item key={`${item.file}-${item.table}`}>
          {item.file} read as <b>{item.table}</b>
        </List.Item>
      ))}
    </List>
  );
}

/** Section 9 warnings: what loads but changes what the figures mean, each with its count. */
export function UploadWarnings({ warnings }: { warnings: IngestWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${warnings.length} warning${warnings.length === 1 ? "" : "s"}`}
      data-testid="upload-warnings"
    >
      <List size="sm">
        {warnings.map((warning) => (
          <List.Item key={`${warning.code}-${warning.table}-${warning.year ?? ""}`}>
            {warning.year ? `${warning.year}: ` : ""}
            {warning.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * A refused file's report as a table a practice manager can act on: which table, line and column
 * (named as in the user's file), and why; with the total count when only the first errors are
 * listed, the tables each file was read as, the warnings, and - when only rows are wrong - a
 * 'Load the valid rows' button (the uploader's explicit request, skip_invalid). Used by the
 * customer's Data upload section and by staff's year detail.
 */
export function UploadReport({
  report,
  onLoadValid,
  loadingValid,
}: {
  report: ErrorReport;
  onLoadValid?: () => void;
  loadingValid?: boolean;
}) {
  const listed = report.errors.length;
  const invalid = report.invalid_rows ?? 0;
  return (
    <Stack gap={6} data-testid="upload-report">
      <Text size="sm" fw={600}>
        {report.total} error{report.total === 1 ? "" : "s"} found
        {listed < report.total ? ` (the first ${listed} are listed)` : ""}
      </Text>
      <TablesRead tables={report.tables_read} />
      <Table.ScrollContainer minWidth={520} mah={360}>
        <Table striped withTableBorder stickyHeader fz="sm" aria-label="Errors of the refused file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Table</Table.Th>
              <Table.Th>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.errors.map((error, index) => (
              // The same table, row and column may fail two rules: the index keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the report is a fixed list
              <Table.Tr key={index}>
                <Table.Td>{error.table || "-"}</Table.Td>
                <Table.Td>{rowLabel(error.row)}</Table.Td>
                <Table.Td>{error.column || "-"}</Table.Td>
                <Table.Td>{error.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <UploadWarnings warnings={report.warnings} />
      {report.can_skip_invalid && onLoadValid ? (
        <Group gap="sm" wrap="wrap">
          <Button size="xs" variant="light" color="orange" loading={loadingValid} onClick={onLoadValid}>
            Load the valid rows
          </Button>
          <Text size="xs" c="dimmed">
            {invalid.toLocaleString("en-US")} row{invalid === 1 ? "" : "s"} with errors will be set aside and
            listed in a CSV you can download.
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
