import { Alert, Group, Loader, Stack, Table, Text } from "@mantine/core";
import type { YearData } from "../../api/answers.ts";

type Refresh = NonNullable<YearData["refresh"]>;

const STEP_LABELS: Record<Refresh["ran"][number], string> = {
  facility_validation: "facility validation",
  provider_validation: "provider validation",
  service_capabilities: "service capabilities",
  global_validation: "global validation",
  macro_capabilities: "macro capabilities",
  market_profile: "market profile",
  scoring: "scoring",
};

const count = (value: number | null) => (value === null ? "?" : value.toLocaleString("en-US"));
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });
const shown = (value: number | string | null) =>
  value === null ? "none" : typeof value === "number" ? value.toLocaleString("en-US") : value;

/** What differs from the version staff enabled: the figures they compare before enabling again. */
function ChangesTable({ refresh }: { refresh: Refresh }) {
  if (!refresh.changes) return null;
  const since = refresh.reviewed_at ? ` since you enabled it on ${day(refresh.reviewed_at)}` : "";
  if (refresh.changes.length === 0) return <Text size="sm">Nothing in these figures changed{since}.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        What changed{since}
      </Text>
      <Table withTableBorder fz="sm" data-table="refresh-changes" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="50%">Figure</Table.Th>
            <Table.Th>Enabled</Table.Th>
            <Table.Th>Now</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refresh.changes.map((change) => (
            <Table.Tr key={change.what}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{change.what}</Table.Td>
              <Table.Td>{shown(change.before)}</Table.Td>
              <Table.Td>{shown(change.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * New data replaced what staff had reviewed: the year is back in review. With the refresh on
 * (server/organisations/yearRefresh.ts) this says how far it went, what staff must still do, and
 * what changed against the enabled version; the header's Enable is then the one click left.
 */
export function ReviewNotice({ data }: { data: YearData }) {
  const { replaced, refresh } = data;
  if (!replaced && !refresh) return null;
  const cause =
    refresh?.cause === "restore" ? "A version was restored" : "The customer replaced this year's data";
  const rows = replaced ? ` (${count(replaced.rows_before)} -> ${count(replaced.rows)} rows)` : "";
  const when = replaced ? ` on ${day(replaced.at)}` : "";
  const ran = refresh?.ran.map((step) => STEP_LABELS[step]).join(", ");
  // Customers keep reading the version staff enabled (server/ingest/record.ts sendBackToReview).
  const heldVersion = data.versions.find((version) => version.held);
  const customersRead = heldVersion
    ? ` Customers keep reading the enabled version (data version ${heldVersion.data_version}, ${count(heldVersion.rows)} rows) until you enable the new data.`
    : " Customers cannot read the year until you enable it.";
  if (!refresh) {
    return (
      <Alert color="orange" variant="light" title={`Back in review: ${cause.toLowerCase()}`}>
        {cause}
        {when}
        {rows}. Its validations and generated results are out of date: run them again, then enable the year.
        {customersRead}
      </Alert>
    );
  }
  const accepted =
    refresh.accepted_again.length > 0
      ? ` The ${refresh.accepted_again.join(" and ")} validation found only the problems accepted last time and is accepted again.`
      : "";
  const title = {
    running: `Back in review: refreshing ${data.year} by itself`,
    ready: `Back in review: ${data.year} is refreshed and ready to enable`,
    stopped: `Back in review: the refresh of ${data.year} needs you`,
  }[refresh.status];
  return (
    <Alert
      color={refresh.status === "ready" ? "green" : "orange"}
      variant="light"
      title={title}
      data-refresh={refresh.status}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {refresh.status === "running" ? <Loader size="xs" mt={3} aria-hidden /> : null}
          <Text size="sm">
            {cause}
            {when}
            {rows}.{" "}
            {refresh.status === "running"
              ? `Every step the year's rule allows runs again${ran ? `; so far: ${ran}` : ""}.`
              : `Ran again: ${ran || "nothing"}.`}
            {accepted}
            {refresh.status === "ready" ? " Read what changed, then enable the year." : ""}
            {customersRead}
          </Text>
        </Group>
        {refresh.needs ? (
          <Text size="sm" fw={600}>
            {refresh.needs}
          </Text>
        ) : null}
        {refresh.status === "running" ? null : <ChangesTable refresh={refresh} />}
      </Stack>
    </Alert>
  );
}
