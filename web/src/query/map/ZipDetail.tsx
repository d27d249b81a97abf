import { CloseButton, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ZipDetailData } from "./zipDetail.ts";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function CasesTable({
  caption,
  nameHeader,
  rows,
}: {
  caption: string;
  nameHeader: string;
  rows: Array<{ name: string; cases: number }>;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {caption}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{nameHeader}</Table.Th>
              <Table.Th ta="right"># cases</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{integer.format(row.cases)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The table a click on a zip polygon opens: its services with # cases, and its providers. */
export function ZipDetail({ detail, onClose }: { detail: ZipDetailData; onClose: () => void }) {
  return (
    <Paper withBorder p="md" mt="sm" aria-label={`Zip code ${detail.zipcode}`} role="region">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Title order={4}>Zip code {detail.zipcode}</Title>
          {detail.percentage !== undefined ? (
            <Text size="sm" c="dimmed">
              {percent.format(detail.percentage)}% outmigrated
              {detail.outsideCases !== undefined && detail.cases !== undefined
                ? ` (${integer.format(detail.outsideCases)} of ${integer.format(detail.cases)} cases)`
                : ""}
            </Text>
          ) : null}
        </Stack>
        <CloseButton aria-label="Close zip code details" onClick={onClose} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CasesTable
          caption="Services"
          nameHeader="Service"
          rows={detail.services.map((row) => ({ name: row.service, cases: row.cases }))}
        />
        <CasesTable caption="Providers" nameHeader="Provider" rows={detail.providers} />
      </SimpleGrid>
    </Paper>
  );
}
