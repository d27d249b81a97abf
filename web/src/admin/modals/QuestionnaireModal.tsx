import { Alert, Badge, Button, Group, Modal, Pagination, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { visibleFieldNames } from "../../../../schemes/questionnaire/conditions.ts";
import { questionnaireDetail, type ReviewKind, reviewQuestionnaire } from "../../api/adminSchemes.ts";
import { errorMessage } from "../../api/errors.ts";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { QuestionInput } from "../../questionnaire/QuestionInput.tsx";
import {
  type Answers,
  allFields,
  formProblems,
  type QuestionnaireFormDefinition,
  shownAnswers,
  stepsWithProblems,
} from "../../questionnaire/questionnaireForm.ts";
import { useMayCall } from "../../session/permissions.ts";
import { useAdminDetail } from "../../session/useSessions.ts";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { useYearAction } from "../year/useYearAction.ts";

const CONTROL_NAMES = {
  first: "First step",
  previous: "Previous step",
  next: "Next step",
  last: "Last step",
} as const;

/**
 * The questionnaire of one year for staff (admin-area.md sections 2 to 5): 17 steps from the form
 * delivered at sign-in, shown by the scheme's display conditions. Submitted (under analysis) answers
 * can be updated or validated; valid ones are shown read-only, with Edit to update them.
 */
export function QuestionnaireModal({
  organizationId,
  year,
  opened,
  onClose,
}: {
  organizationId: string;
  year: number;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useAdminDetail()?.forms.questionnaire as QuestionnaireFormDefinition | undefined;
  const detail = useQuery({
    queryKey: ["admin", "organization", organizationId, "questionnaire", year],
    queryFn: () => questionnaireDetail(organizationId, year),
    enabled: opened,
  });
  const [answers, setAnswers] = useState<Answers>({});
  const [step, setStep] = useState(1);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (detail.data) setAnswers(detail.data.data as Answers);
  }, [detail.data]);
  useEffect(() => {
    if (opened) {
      setStep(1);
      setEditing(false);
    }
  }, [opened]);

  const state = detail.data?.state;
  // Agents read the answers; only staff who may review them (docs/roles.md) get Edit, Update, Validate.
  const mayReview = useMayCall()("PATCH /api/management/schemes/questionnaire");
  const readOnly = !mayReview || (state === "valid" ? !editing : state !== "under_analysis");
  const update = useYearAction(
    (kind: ReviewKind) =>
      reviewQuestionnaire(organizationId, year, kind, shownAnswers(form?.steps ?? [], answers)),
    () => {
      setEditing(false);
      void detail.refetch();
    },
  );

  if (!form) return null;
  const steps = form.steps;
  const current = steps.find((candidate) => candidate.step === step) ?? steps[0]!;
  const problems = formProblems(steps, answers);
  const visible = visibleFieldNames(allFields(steps), answers);
  const badSteps = stepsWithProblems(steps, problems);
  const setAnswer = (name: string, value: string | string[]) =>
    setAnswers((previous) => ({ ...previous, [name]: value }));

  return (
    <Modal opened={opened} onClose={onClose} title={`Questionnaire ${year}`} size="xl" centered>
      {detail.isPending ? <PendingScreen /> : null}
      {detail.isError ? <QueryErrorAlert error={detail.error} /> : null}
      {detail.isSuccess && !detail.data ? (
        <Text size="sm" c="dimmed">
          There is no questionnaire for {year}.
        </Text>
      ) : null}
      {detail.data ? (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>
              Step {current.step} of {steps.length}: {current.title}
            </Text>
            <Badge
              variant="light"
              color={state === "valid" ? "green" : state === "under_analysis" ? "blue" : "orange"}
            >
              {state === "valid" ? "Done" : state === "under_analysis" ? "Validation" : "Waiting"}
            </Badge>
          </Group>
          <Stack gap="md" mih={280}>
            {current.fields
              .filter((field) => visible.has(field.name))
              .map((field) => (
                <QuestionInput
                  key={field.name}
                  field={field}
                  value={answers[field.name]}
                  error={readOnly ? undefined : problems.get(field.name)}
                  readOnly={readOnly}
                  onChange={(value) => setAnswer(field.name, value)}
                />
              ))}
          </Stack>
          <Group justify="center">
            <Pagination
              total={steps.length}
              value={step}
              onChange={setStep}
              size="sm"
              aria-label="Questionnaire steps"
              // Mantine draws the arrows as icons alone: they need names of their own.
              getControlProps={(control) => ({ "aria-label": CONTROL_NAMES[control] })}
            />
          </Group>
          {!readOnly && badSteps.length > 0 ? (
            <Text size="xs" c="orange.8" ta="center">
              Answers missing on step{badSteps.length === 1 ? "" : "s"} {badSteps.join(", ")}.
            </Text>
          ) : null}
          {update.error ? (
            <Alert color="red" variant="light">
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {state === "valid" && !editing && mayReview ? (
              <Button onClick={() => setEditing(true)}>Edit</Button>
            ) : null}
            {!readOnly ? (
              <Button
                variant="light"
                disabled={problems.size > 0}
                loading={update.isPending && update.variables === "update"}
                onClick={() => update.mutate("update")}
              >
                Update
              </Button>
            ) : null}
            {state === "under_analysis" && mayReview ? (
              <Button
                color="green"
                disabled={problems.size > 0}
                loading={update.isPending && update.variables === "validate"}
                onClick={() => update.mutate("validate")}
              >
                Validate
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
