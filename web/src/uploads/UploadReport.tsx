import { Stack, Table, Text } from "@mantine/core";
import { type ErrorReport, rowLabel } from "./uploadReport.ts";

/**
 * A refused file's report as a table a practice manager can act on: which table, line and column,
 * and why; with the total count when only the first errors are listed. Used by the customer's
 * Data upload section and by staff's year detail.
 */
export function UploadReport({ report }: { report: ErrorReport }) {
  const listed = report.errors.length;
  return (
    <Stack gap={6} data-testid="upload-report">
      <Text size="sm" fw={600}>
        {report.total} error{report.total === 1 ? "" : "s"} found
        {listed < report.total ? ` (the first ${listed} are listed)` : ""}
      </Text>
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
    </Stack>
  );
}
