import { Alert, Button, Group, Stack, Stepper, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { visibleFieldNames } from "../../../schemes/questionnaire/conditions.ts";
import { QuestionInput } from "./QuestionInput.tsx";
import {
  type Answers,
  allFields,
  formProblems,
  type QuestionnaireStep,
  stepsWithProblems,
} from "./questionnaireForm.ts";

/**
 * The questionnaire as a stepper (customer-area.md section 2; the 17 steps of admin-area.md section
 * 3): one step at a time with its shown questions (the scheme's display conditions), hints and the
 * server's messages. Next checks the step; Submit stays disabled until every shown answer is
 * acceptable. Read-only mode only walks through the answers.
 */
export function QuestionnaireStepper({
  steps,
  initialAnswers,
  readOnly,
  submitting,
  error,
  onSubmit,
}: {
  steps: readonly QuestionnaireStep[];
  initialAnswers: Answers;
  readOnly: boolean;
  submitting?: boolean;
  error?: string | null;
  onSubmit?: (answers: Answers) => void;
}) {
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [active, setActive] = useState(0);
  const [furthest, setFurthest] = useState(readOnly ? steps.length - 1 : 0);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const problems = formProblems(steps, answers);
  const visible = visibleFieldNames(allFields(steps), answers);
  const current = steps[active]!;
  const currentProblems = current.fields.filter((field) => problems.has(field.name));
  const last = active === steps.length - 1;
  const root = useRef<HTMLDivElement>(null);
  // Where the keyboard focus goes once a step change is drawn: the new step's title (read first, then
  // Tab reaches its questions), or the first question left to answer. Nothing moves it on first draw.
  const [focusTarget, setFocusTarget] = useState<{ selector: string } | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    root.current?.querySelector<HTMLElement>(focusTarget.selector)?.focus();
  }, [focusTarget]);

  const show = (index: number) => {
    setActive(index);
    setFocusTarget({ selector: "[data-testid=questionnaire-step-title]" });
  };
  const goTo = (index: number) => {
    show(index);
    setFurthest((previous) => Math.max(previous, index));
  };
  const next = () => {
    setChecked((previous) => new Set(previous).add(active));
    if (readOnly || currentProblems.length === 0) {
      goTo(active + 1);
      return;
    }
    const question = `[data-question="${currentProblems[0]!.name}"]`;
    setFocusTarget({
      selector: `${question} input:not([type=hidden]):not(:disabled), ${question} textarea`,
    });
  };

  return (
    <Stack gap="md" ref={root}>
      <Stepper
        active={active}
        onStepClick={(index) => index <= furthest && show(index)}
        size="xs"
        iconSize={26}
        aria-label="Questionnaire steps"
        styles={{ steps: { rowGap: 8 }, separator: { minWidth: 6, marginInline: 4 } }}
      >
        {steps.map((step, index) => (
          <Stepper.Step
            key={step.step}
            aria-label={`Step ${step.step}: ${step.title}`}
            title={step.title}
            allowStepSelect={index <= furthest}
            color={
              !readOnly && checked.has(index) && stepsWithProblems([step], problems).length > 0
                ? "red"
                : undefined
            }
          />
        ))}
      </Stepper>
      <Text fw={600} data-testid="questionnaire-step-title" tabIndex={-1}>
        Step {current.step} of {steps.length}: {current.title}
      </Text>
      <Stack gap="md" mih={220}>
        {current.fields
          .filter((field) => visible.has(field.name))
          .map((field) => (
            <div key={field.name} data-question={field.name}>
              <QuestionInput
                field={field}
                value={answers[field.name]}
                error={!readOnly && checked.has(active) ? problems.get(field.name) : undefined}
                readOnly={readOnly}
                onChange={(value) => setAnswers((previous) => ({ ...previous, [field.name]: value }))}
              />
            </div>
          ))}
      </Stack>
      {!readOnly && last && problems.size > 0 ? (
        <Text size="xs" c="orange.8">
          Answers missing on step{stepsWithProblems(steps, problems).length === 1 ? "" : "s"}{" "}
          {stepsWithProblems(steps, problems).join(", ")}.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => show(active - 1)}>
          Back
        </Button>
        {last ? (
          readOnly ? null : (
            <Button
              color="teal"
              disabled={problems.size > 0}
              loading={submitting}
              onClick={() => onSubmit?.(answers)}
            >
              Submit
            </Button>
          )
        ) : (
          <Button onClick={next}>Next</Button>
        )}
      </Group>
    </Stack>
  );
}
