import { Badge, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { analysisTitle } from "../analyses/catalogue.ts";
import type { ReportSubscription } from "../api/reportSubscriptions.ts";

const OUTCOME_COLOURS = { sent: "green", partial: "yellow", skipped: "orange", failed: "red" } as const;
const OUTCOME_WORDS = {
  sent: "Sent",
  partial: "Sent in part",
  skipped: "Not sent",
  failed: "Failed",
} as const;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "-";

function LastDelivery({ subscription }: { subscription: ReportSubscription }) {
  if (!subscription.last_outcome) return <Text size="sm">Not yet</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">{when(subscription.last_delivered_at)}</Text>
      <Badge color={OUTCOME_COLOURS[subscription.last_outcome]} variant="light" w="fit-content">
        {OUTCOME_WORDS[subscription.last_outcome]}
      </Badge>
      {subscription.last_detail ? (
        <Text size="xs" c="dimmed" maw={280}>
          {subscription.last_detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Report subscriptions as a table: what, to whom, when, the next and the last delivery with its
 * outcome (and why a report was not sent). The Profile adds its actions; staff read it as is.
 */
export function SubscriptionsTable({
  subscriptions,
  actions,
  showOwner = false,
}: {
  subscriptions: ReportSubscription[];
  actions?: (subscription: ReportSubscription) => ReactNode;
  showOwner?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Report</Table.Th>
            {showOwner ? <Table.Th>Owner</Table.Th> : null}
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Recipients</Table.Th>
            <Table.Th>Next delivery</Table.Th>
            <Table.Th>Last delivery</Table.Th>
            {actions ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((subscription) => (
            <Table.Tr key={subscription.id} data-subscription={subscription.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {subscription.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {analysisTitle(subscription.querie)}
                  {subscription.from_saved_view ? " · saved view" : ""}
                  {subscription.follow_latest_year
                    ? " · latest enabled year"
                    : ` · ${subscription.filters.year}`}
                  {subscription.include_xlsx ? " · PDF + XLSX" : " · PDF"}
                </Text>
              </Table.Td>
              {showOwner ? <Table.Td>{subscription.owner.username}</Table.Td> : null}
              <Table.Td>
                <Text size="sm">{subscription.schedule}</Text>
              </Table.Td>
              <Table.Td>
                {subscription.recipients.map((recipient) => (
                  <Text
                    key={recipient.email}
                    size="sm"
                    c={recipient.state === "active" ? undefined : "dimmed"}
                  >
                    {recipient.email}
                    {recipient.state === "active" ? "" : ` (${recipient.state})`}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {subscription.paused ? (
                  <Badge color="gray" variant="light">
                    Paused
                  </Badge>
                ) : (
                  <Text size="sm">{when(subscription.next_delivery_at)}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <LastDelivery subscription={subscription} />
              </Table.Td>
              {actions ? <Table.Td ta="right">{actions(subscription)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
