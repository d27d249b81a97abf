import { Badge, Box, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { analysisTitle } from "../analyses/catalogue.ts";
import type { ReportSubscription } from "../api/reportSubscriptions.ts";
import { PhoneOrWide } from "../components/PhoneOrWide.tsx";

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

/** What is sent: the analysis, the year it follows and the files. */
function ReportDetails({ subscription }: { subscription: ReportSubscription }) {
  return (
    <Text size="xs" c="dimmed">
      {analysisTitle(subscription.querie)}
      {subscription.from_saved_view ? " · saved view" : ""}
      {subscription.follow_latest_year ? " · latest enabled year" : ` · ${subscription.filters.year}`}
      {subscription.include_xlsx ? " · PDF + XLSX" : " · PDF"}
    </Text>
  );
}

function Recipients({ subscription }: { subscription: ReportSubscription }) {
  return subscription.recipients.map((recipient) => (
    <Text key={recipient.email} size="sm" c={recipient.state === "active" ? undefined : "dimmed"}>
      {recipient.email}
      {recipient.state === "active" ? "" : ` (${recipient.state})`}
    </Text>
  ));
}

function NextDelivery({ subscription }: { subscription: ReportSubscription }) {
  if (subscription.paused)
    return (
      <Badge color="gray" variant="light">
        Paused
      </Badge>
    );
  // No one left to send to (every recipient removed, blocked or unsubscribed): no date, and why.
  if (subscription.next_delivery_note)
    return (
      <Text size="sm" c="dimmed" maw={280} data-next-delivery-note>
        {subscription.next_delivery_note}
      </Text>
    );
  return <Text size="sm">{when(subscription.next_delivery_at)}</Text>;
}

/** One labelled figure of a subscription's card (the phone layout). */
function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Box>
  );
}

/**
 * Report subscriptions: what, to whom, when, the next and the last delivery with its outcome (and
 * why a report was not sent). The Profile adds its actions; staff read it as is. A table from the
 * small breakpoint up; on a phone, one card per subscription (a seven-column table would scroll
 * sideways and hide its actions).
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
    <PhoneOrWide
      phone={
        <Stack gap="sm">
          {subscriptions.map((subscription) => (
            <Paper key={subscription.id} withBorder p="sm" data-subscription-card={subscription.id}>
              <Stack gap={6}>
                <Box>
                  <Text size="sm" fw={500}>
                    {subscription.title}
                  </Text>
                  <ReportDetails subscription={subscription} />
                </Box>
                {showOwner ? <CardField label="Owner">{subscription.owner.username}</CardField> : null}
                <CardField label="Schedule">
                  <Text size="sm">{subscription.schedule}</Text>
                </CardField>
                <CardField label="Recipients">
                  <Recipients subscription={subscription} />
                </CardField>
                <Group gap="lg" align="flex-start">
                  <CardField label="Next delivery">
                    <NextDelivery subscription={subscription} />
                  </CardField>
                  <CardField label="Last delivery">
                    <LastDelivery subscription={subscription} />
                  </CardField>
                </Group>
                {actions?.(subscription)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      }
      wide={
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
                    <ReportDetails subscription={subscription} />
                  </Table.Td>
                  {showOwner ? <Table.Td>{subscription.owner.username}</Table.Td> : null}
                  <Table.Td>
                    <Text size="sm">{subscription.schedule}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Recipients subscription={subscription} />
                  </Table.Td>
                  <Table.Td>
                    <NextDelivery subscription={subscription} />
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
      }
    />
  );
}
