import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { visibleFieldNames } from "../../../../schemes/questionnaire/conditions.ts";
import { questionnaireDetail, reviewQuestionnaire } from "../../api/adminSchemes.ts";
import { errorMessage } from "../../api/errors.ts";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { useAdminDetail } from "../../session/useSessions.ts";
import {
  type Answers,
  allFields,
  formProblems,
  type QuestionnaireField,
  type QuestionnaireFormDefinition,
  shownAnswers,
  stepsWithProblems,
} from "../questionnaireForm.ts";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { useYearAction } from "../year/useYearAction.ts";

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
  const readOnly = state === "valid" ? !editing : state !== "under_analysis";
  const update = useYearAction(
    (kind: "update" | "validate") =>
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
            {state === "valid" && !editing ? <Button onClick={() => setEditing(true)}>Edit</Button> : null}
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
            {state === "under_analysis" ? (
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

function QuestionInput({
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: QuestionnaireField;
  value: string | string[] | undefined;
  error?: string;
  readOnly: boolean;
  onChange: (value: string | string[]) => void;
}) {
  const choices = field.choices ?? [];
  const label = (
    <Text size="sm" fw={500}>
      {field.label}
      {field.required ? (
        <Text span c="red">
          {" "}
          *
        </Text>
      ) : null}
    </Text>
  );
  const hint = field.hint ? (
    <Text size="xs" c="dimmed">
      {field.hint}
    </Text>
  ) : null;
  const errorText = error ? (
    <Text size="xs" c="red">
      {error}
    </Text>
  ) : null;
  if (field.type === "select" && choices.length <= 2) {
    return (
      <Stack gap={4}>
        {label}
        <SegmentedControl
          w="fit-content"
          data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
          value={typeof value === "string" ? value : ""}
          onChange={onChange}
          disabled={readOnly}
        />
        {errorText}
      </Stack>
    );
  }
  if (field.type === "select") {
    return (
      <Select
        label={label}
        data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
        value={typeof value === "string" && value !== "" ? value : null}
        onChange={(picked) => onChange(picked ?? "")}
        readOnly={readOnly}
        error={error}
        styles={{ wrapper: { maxWidth: 320 } }}
      />
    );
  }
  if (field.type === "multiple_choice") {
    return (
      <Checkbox.Group
        label={label}
        description={field.hint}
        value={Array.isArray(value) ? value : []}
        onChange={(picked) => !readOnly && onChange(picked)}
        error={error}
      >
        <SimpleGrid cols={choices.length > 6 ? 3 : 2} mt={6} spacing={6}>
          {choices.map((choice) => (
            <Checkbox key={choice.value} value={choice.value} label={choice.label} disabled={readOnly} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    );
  }
  const text = typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : "";
  if (field.type === "textarea") {
    return (
      <Stack gap={2}>
        <Textarea
          label={label}
          rows={field.rows ?? 5}
          value={text}
          readOnly={readOnly}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {hint}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <TextInput
        label={label}
        value={text}
        readOnly={readOnly}
        error={error}
        w={field.format === "number" ? 200 : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint}
    </Stack>
  );
}
