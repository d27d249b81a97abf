import { Accordion, Paper, Text } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { QueryErrorAlert } from "../admin/shared/QueryErrorAlert.tsx";
import { helpcenterQuery } from "../api/helpcenter.ts";
import { ScreenTitle } from "../components/ScreenTitle.tsx";
import { ShowMore } from "../components/ShowMore.tsx";
import { PendingScreen } from "../components/StatusScreens.tsx";

/**
 * The customer's Help Center (customer-area.md section 1): an accordion of question and answer.
 * The server answers only the active questions, promoted ones first, in that order.
 */
export function HelpCenterScreen() {
  const faqs = useInfiniteQuery(helpcenterQuery());
  return (
    <>
      <ScreenTitle title="Help Center" subtitle="Answers to the questions our customers ask most." />
      {faqs.isPending ? <PendingScreen /> : null}
      {faqs.isError ? <QueryErrorAlert error={faqs.error} /> : null}
      {faqs.data?.length === 0 ? <Text c="dimmed">No question has been published yet.</Text> : null}
      {faqs.data && faqs.data.length > 0 ? (
        <Paper p={0}>
          <Accordion variant="separated" chevronPosition="right" multiple>
            {faqs.data.map((faq) => (
              <Accordion.Item key={faq.id} value={String(faq.id)}>
                <Accordion.Control
                  icon={
                    faq.promote ? (
                      <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-label="Promoted" />
                    ) : undefined
                  }
                >
                  <Text fw={600}>{faq.question}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                    {faq.answer}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <ShowMore list={faqs} />
        </Paper>
      ) : null}
    </>
  );
}
