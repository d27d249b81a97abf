import { Alert, Anchor, Button, Group, Stack, Stepper, Text } from "@mantine/core";
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

/** The steps already passed when the stepper opens at `furthest`: their errors show at once. */
const stepsUpTo = (furthest: number, count: number) =>
  new Set(
    Array.from({ length: furthest + 1 }, (_, index) => index).filter(
      (index) => index < furthest || index === count - 1,
    ),
  );

/**
 * The questionnaire as a stepper (customer-area.md section 2; the 17 steps of admin-area.md section
 * 3): one step at a time with its shown questions (the scheme's display conditions), hints and the
 * server's messages. Next checks the step; the last step is checked as soon as it is reached (it has
 * no Next), and the steps still failing are named above Submit as links to their first failing
 * answer. Submit stays disabled until every shown answer is acceptable (admin-area.md section 5).
 * Read-only mode only walks through the answers.
 */
export function QuestionnaireStepper({
  steps,
  initialAnswers,
  initialStep,
  readOnly,
  submitting,
  error,
  onSubmit,
  onChange,
}: {
  steps: readonly QuestionnaireStep[];
  initialAnswers: Answers;
  /** The furthest step reached before (a restored draft, 1-based): the stepper opens there. */
  initialStep?: number;
  readOnly: boolean;
  submitting?: boolean;
  error?: string | null;
  onSubmit?: (answers: Answers) => void;
  /** Every change of the answers or of the furthest step (1-based), to keep a draft. */
  onChange?: (answers: Answers, furthestStep: number) => void;
}) {
  const restoredStep = Math.min(Math.max((initialStep ?? 1) - 1, 0), steps.length - 1);
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [active, setActive] = useState(readOnly ? 0 : restoredStep);
  const [furthest, setFurthest] = useState(readOnly ? steps.length - 1 : restoredStep);
  const [checked, setChecked] = useState<Set<number>>(() =>
    readOnly ? new Set() : stepsUpTo(restoredStep, steps.length),
  );
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
    const target = root.current?.querySelector<HTMLElement>(focusTarget.selector);
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "center" });
  }, [focusTarget]);
  // Tells the owner about every change after the first draw (the restored state needs no saving).
  const reported = useRef(false);
  useEffect(() => {
    if (!reported.current) {
      reported.current = true;
      return;
    }
    onChange?.(answers, furthest + 1);
  }, [answers, furthest, onChange]);

  /** Moves the keyboard focus (and the view) to the first failing answer of the step at `index`. */
  const focusFirstProblem = (index: number) => {
    const failing = steps[index]!.fields.find((field) => problems.has(field.name));
    if (!failing) return;
    const question = `[data-question="${failing.name}"]`;
    setFocusTarget({
      selector: `${question} input:not([type=hidden]):not(:disabled), ${question} textarea`,
    });
  };
  /** From the list of steps still failing: that step, its errors shown, focus on its first one. */
  const showProblemsOf = (index: number) => {
    setActive(index);
    setChecked((previous) => new Set(previous).add(index));
    focusFirstProblem(index);
  };

  const show = (index: number) => {
    setActive(index);
    setFocusTarget({ selector: "[data-testid=questionnaire-step-title]" });
  };
  const goTo = (index: number) => {
    show(index);
    setFurthest((previous) => Math.max(previous, index));
  };
  const next = () => {
    // The last step has no Next: it is checked as soon as it is reached.
    const reachingLast = active + 1 === steps.length - 1;
    setChecked((previous) => {
      const updated = new Set(previous).add(active);
      if (reachingLast && currentProblems.length === 0) updated.add(active + 1);
      return updated;
    });
    if (readOnly || currentProblems.length === 0) {
      goTo(active + 1);
      return;
    }
    focusFirstProblem(active);
  };
  const failingSteps = stepsWithProblems(steps, problems);

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
        <Text size="xs" c="orange.8" data-testid="questionnaire-missing">
          Answers missing on step{failingSteps.length === 1 ? "" : "s"}{" "}
          {failingSteps.map((number, position) => (
            <span key={number}>
              {position > 0 ? ", " : null}
              <Anchor
                component="button"
                type="button"
                size="xs"
                aria-label={`Go to step ${number}`}
                onClick={() => showProblemsOf(steps.findIndex((step) => step.step === number))}
              >
                {number}
              </Anchor>
            </span>
          ))}
          .
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
