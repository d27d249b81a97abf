import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconClipboardList, IconHourglass, IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Questionnaire, QuestionnaireState } from "../api/answers.ts";
import { errorMessage } from "../api/errors.ts";
import {
  currentQuestionnaire,
  questionnaireDraft,
  questionnaireKeys,
  submitQuestionnaire,
} from "../api/questionnaire.ts";
import { PendingScreen } from "../components/StatusScreens.tsx";
import { QuestionnaireStepper } from "../questionnaire/QuestionnaireStepper.tsx";
import {
  type Answers,
  type QuestionnaireFormDefinition,
  shownAnswers,
} from "../questionnaire/questionnaireForm.ts";
import { type DraftStatus, useDraftSaver } from "../questionnaire/useDraftSaver.ts";
import { sessionKeys } from "../session/queries.ts";
import { useCustomerDetail } from "../session/useSessions.ts";

/**
 * The customer's yearly questionnaire (customer-area.md sections 2 and 4): hidden until staff open
 * it (a questionnaire in state waiting), then the 17-step stepper; once submitted it is under review
 * (under_analysis), then validated; the answers stay readable.
 */
export function QuestionnaireSection() {
  const detail = useCustomerDetail();
  const [showing, setShowing] = useState(false);
  const current = useQuery({ queryKey: questionnaireKeys.current(), queryFn: () => currentQuestionnaire() });
  const form = detail?.forms.questionnaire as QuestionnaireFormDefinition | undefined;
  if (!form) return null;
  const questionnaire = current.data;

  return (
    <Paper p="md" id="questionnaire" data-tour="questionnaire">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconClipboardList size={22} aria-hidden />
            <Title order={3}>Questionnaire{questionnaire ? ` ${questionnaire.year}` : ""}</Title>
          </Group>
          {questionnaire ? <StateBadge state={questionnaire.state} /> : null}
        </Group>
        {current.isPending ? <PendingScreen /> : null}
        {current.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(current.error)}
          </Alert>
        ) : null}
        {current.isSuccess && !questionnaire ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle />}>
            The questionnaire opens here once our team has reviewed your data.
          </Alert>
        ) : null}
        {questionnaire?.state === "waiting" ? (
          <WaitingQuestionnaire questionnaire={questionnaire} form={form} />
        ) : null}
        {questionnaire && questionnaire.state !== "waiting" ? (
          <>
            <Alert
              color={questionnaire.state === "valid" ? "teal" : "blue"}
              variant="light"
              icon={questionnaire.state === "valid" ? <IconCircleCheck /> : <IconHourglass />}
              data-testid="questionnaire-status"
            >
              {questionnaire.state === "valid"
                ? `Your ${questionnaire.year} questionnaire is validated by our team.`
                : `Thank you: your ${questionnaire.year} answers are under review by our team.`}
            </Alert>
            <Group>
              <Button variant="default" size="xs" onClick={() => setShowing(!showing)}>
                {showing ? "Hide my answers" : "Show my answers"}
              </Button>
            </Group>
            {showing ? (
              <QuestionnaireStepper steps={form.steps} initialAnswers={questionnaire.data} readOnly />
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The questionnaire to fill in, from the draft kept on the server when there is one (answers and the
 * furthest step reached), saved again as the customer answers; submit discards it on the server.
 */
function WaitingQuestionnaire({
  questionnaire,
  form,
}: {
  questionnaire: Questionnaire;
  form: QuestionnaireFormDefinition;
}) {
  const queryClient = useQueryClient();
  const draft = useQuery({ queryKey: questionnaireKeys.draft(), queryFn: questionnaireDraft });
  const saver = useDraftSaver(questionnaire.year);
  const submit = useMutation({
    mutationFn: ({ year, answers }: { year: number; answers: Answers }) => submitQuestionnaire(year, answers),
    onMutate: () => saver.cancel(),
    onSuccess: async (saved) => {
      queryClient.setQueryData(questionnaireKeys.current(), saved);
      queryClient.setQueryData(questionnaireKeys.draft(), null);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.customer() });
    },
  });
  if (draft.isPending) return <PendingScreen />;
  const restored = draft.data?.year === questionnaire.year ? draft.data : null;
  return (
    <>
      <Text size="sm" c="dimmed">
        17 short steps about your practice in {questionnaire.year}. Questions marked * are required; write NA
        when you do not know. Your answers are kept as you go, until you submit them.
      </Text>
      <QuestionnaireStepper
        steps={form.steps}
        initialAnswers={restored?.answers ?? questionnaire.data}
        initialStep={restored?.step}
        readOnly={false}
        submitting={submit.isPending}
        error={submit.error ? errorMessage(submit.error) : null}
        onChange={saver.save}
        onSubmit={(answers) =>
          submit.mutate({ year: questionnaire.year, answers: shownAnswers(form.steps, answers) })
        }
      />
      <DraftNote status={saver.status} restoredAt={restored?.saved_at} />
    </>
  );
}

/** Where the draft stands, read out politely by screen readers. */
function DraftNote({ status, restoredAt }: { status: DraftStatus; restoredAt?: string }) {
  const time = (at: Date) => at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const words =
    status.kind === "saving"
      ? "Saving your answers..."
      : status.kind === "saved"
        ? `Answers saved at ${time(status.at)}.`
        : status.kind === "failed"
          ? `Your latest answers could not be saved: ${status.message}`
          : restoredAt
            ? `Your answers saved at ${time(new Date(restoredAt))} are back.`
            : "";
  return (
    <Text
      size="xs"
      c={status.kind === "failed" ? "red" : "dimmed"}
      role="status"
      aria-live="polite"
      data-testid="questionnaire-draft"
    >
      {words}
    </Text>
  );
}

function StateBadge({ state }: { state: QuestionnaireState }) {
  const look = {
    waiting: { color: "orange", label: "To fill in" },
    under_analysis: { color: "blue", label: "Under review" },
    valid: { color: "teal", label: "Validated" },
  }[state];
  return (
    <Badge variant="light" color={look.color}>
      {look.label}
    </Badge>
  );
}
