import { Paper, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { AnalysisRow } from "../../api/answers.ts";

/** Row colours by the validation's verdict on the row (valid / warning / error). */
const ROW_BACKGROUND: Record<string, string> = {
  valid: "var(--mantine-color-green-0)",
  warning: "var(--mantine-color-orange-0)",
  error: "var(--mantine-color-red-0)",
};

/** The note column: the validation's words, "OK", or that this year's validation has not reviewed the row. */
function noteText(row: AnalysisRow): string {
  if (row.note?.trim()) return row.note;
  if (row.state === "valid") return "OK";
  return row.state === "not_validated" ? "Not validated" : "";
}

/**
 * The year's Facilities or Providers review: NPI, Name, Note and, for site admins, Actions (edit,
 * delete); empty reads 'Waiting for the customer'.
 */
export function AnalysisTable({
  title,
  rows,
  actions,
}: {
  title: string;
  rows: AnalysisRow[];
  actions?: (row: AnalysisRow) => ReactNode;
}) {
  return (
    // Less padding and smaller type at phone width: the four columns' narrowest (an NPI, a name's
    // longest word, "Actions") then fit 390 px, where the table ran 14 px off the screen.
    <Paper p={{ base: "xs", sm: "md" }}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Waiting for the customer
        </Text>
      ) : (
        <Table verticalSpacing={4} fz={{ base: "xs", sm: "sm" }} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>NPI</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Note</Table.Th>
              {actions ? <Table.Th w={70}>Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-state={row.state ?? undefined}
                style={{ background: row.state ? ROW_BACKGROUND[row.state] : undefined }}
              >
                <Table.Td>{row.npi}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <Text
                    size="xs"
                    c={row.state === "error" ? "red.8" : row.state === "warning" ? "orange.8" : "dimmed"}
                  >
                    {noteText(row)}
                  </Text>
                </Table.Td>
                {actions ? <Table.Td>{actions(row)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
