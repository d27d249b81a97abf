import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconEye, IconPlayerPlay } from "@tabler/icons-react";
import type { ReactNode } from "react";
import {
  allowQuestionnaire,
  type GeneratorKind,
  generateScheme,
  generateScoring,
} from "../../api/adminSchemes.ts";
import type { GateName, SchemeView, YearData } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { type Call, useMayCall } from "../../session/permissions.ts";
import type { DetailKind } from "../modals/SchemeDetailModal.tsx";
import {
  generatorLabel,
  type QuestionnaireDisplay,
  questionnaireDisplay,
  questionnaireLabel,
  type StateLabel,
  schemeOutdated,
  schemeState,
} from "../yearState.ts";
import { useYearAction } from "./useYearAction.ts";

/** The year data's fields holding a generated scheme. */
type SchemeField = {
  [Field in keyof YearData]-?: YearData[Field] extends SchemeView ? Field : never;
}[keyof YearData];

const GENERATORS: {
  kind: GeneratorKind;
  title: string;
  field: SchemeField;
  gate: GateName;
}[] = [
  { kind: "SC", title: "Service capabilities", field: "service_capabilities", gate: "service_capabilities" },
  { kind: "MC", title: "Macro capabilities", field: "macro_capabilities", gate: "macro_capabilities" },
  { kind: "MP", title: "Market profile", field: "market_profile", gate: "market_profile" },
];

/** The call behind each generator's button: shown only to staff who may make it. */
const GENERATE_CALL: Record<GeneratorKind, Call> = {
  SC: "POST /api/management/schemes/service_capabilities/generate",
  MC: "POST /api/management/schemes/macro_capabilities/generate",
  MP: "POST /api/management/schemes/market_capabilities/generate",
};

function SchemeRow({
  title,
  state,
  outdated,
  children,
}: {
  title: string;
  state: StateLabel;
  /**
   * When it is out of date, the gate's words: what changed since (when it may be generated again)
   * or what must come first (when an earlier step is out of date too).
   */
  outdated?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={2} py={4}>
      {/* Wraps on a phone: the state badges stay whole and the buttons go under the title. */}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} w={170} style={{ whiteSpace: "nowrap" }}>
            {title}
          </Text>
          <Badge
            color={state.color}
            variant="light"
            aria-label={`${title}: ${state.label}`}
            style={{ flexShrink: 0 }}
          >
            {state.label}
          </Badge>
          {outdated ? (
            <Badge color="orange" variant="filled" size="sm" data-outdated={title} style={{ flexShrink: 0 }}>
              Out of date
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap">
          {children}
        </Group>
      </Group>
      {outdated ? (
        <Text size="xs" c="orange.8">
          {outdated}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The schemes panel: Service capabilities, Macro capabilities, Market profile, Questionnaire and
 * Scoring with their state labels, and Generate / Show buttons behind the gates of section 4.
 */
export function SchemesPanel({
  organizationId,
  year,
  data,
  onShowDetail,
  onOpenQuestionnaire,
}: {
  organizationId: string;
  year: number;
  data: YearData;
  onShowDetail: (kind: DetailKind) => void;
  onOpenQuestionnaire: () => void;
}) {
  const may = useMayCall();
  const mayGenerate = (kind: GeneratorKind) => may(GENERATE_CALL[kind]);
  const generate = useYearAction((kind: GeneratorKind) => generateScheme(kind, organizationId, year));
  const scoring = useYearAction(() => generateScoring(organizationId, year));
  const allow = useYearAction(() => allowQuestionnaire(organizationId, year));
  const questionnaire: QuestionnaireDisplay = questionnaireDisplay(data.questionnaire);
  const scoringState = schemeState(data.scoring);
  const scoringOutdated = schemeOutdated(data.scoring);
  const failure = generate.error ?? scoring.error ?? allow.error;

  return (
    <Paper p="md">
      <Title order={4} mb="sm">
        Schemes
      </Title>
      <Stack gap={2}>
        {GENERATORS.map((generator) => {
          const state = schemeState(data[generator.field]);
          const gate = data.gates[generator.gate];
          const outdated = schemeOutdated(data[generator.field]);
          return (
            <SchemeRow
              key={generator.kind}
              title={generator.title}
              state={generatorLabel(state)}
              outdated={outdated ? gate.message : undefined}
            >
              {state === "running" ? (
                <Button size="xs" color="orange" disabled>
                  Generation
                </Button>
              ) : null}
              {(state === "todo" || outdated) && mayGenerate(generator.kind) ? (
                <Button
                  size="xs"
                  leftSection={<IconPlayerPlay size={14} />}
                  disabled={!gate.allowed}
                  title={gate.allowed ? undefined : gate.message}
                  loading={generate.isPending && generate.variables === generator.kind}
                  onClick={() => generate.mutate(generator.kind)}
                >
                  {outdated ? "Generate again" : "Generate"}
                </Button>
              ) : null}
              {state === "done" ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconEye size={14} />}
                  onClick={() => onShowDetail(generator.kind)}
                >
                  Show
                </Button>
              ) : null}
            </SchemeRow>
          );
        })}
        <SchemeRow title="Questionnaire" state={questionnaireLabel(questionnaire)}>
          {questionnaire === "todo" &&
          data.gates.questionnaire_allow.allowed &&
          may("POST /api/management/schemes/questionnaire/allow") ? (
            <Button size="xs" loading={allow.isPending} onClick={() => allow.mutate()}>
              Allow user
            </Button>
          ) : null}
          {questionnaire === "waiting" ? (
            <>
              <Text size="xs" c="dimmed">
                Waiting for the customer
              </Text>
              <Button size="xs" color="orange" disabled>
                Waiting
              </Button>
            </>
          ) : null}
          {questionnaire === "validation" && may("PATCH /api/management/schemes/questionnaire") ? (
            <Button size="xs" onClick={onOpenQuestionnaire}>
              Review
            </Button>
          ) : null}
          {questionnaire === "done" ||
          (questionnaire === "validation" && !may("PATCH /api/management/schemes/questionnaire")) ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEye size={14} />}
              onClick={onOpenQuestionnaire}
            >
              Show
            </Button>
          ) : null}
        </SchemeRow>
        <SchemeRow
          title="Scoring"
          state={generatorLabel(scoringState)}
          outdated={scoringOutdated ? data.gates.scoring.message : undefined}
        >
          {(scoringState === "todo" || scoringOutdated) &&
          data.gates.scoring.allowed &&
          may("POST /api/management/admin/scoring") ? (
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              loading={scoring.isPending}
              onClick={() => scoring.mutate()}
            >
              {scoringOutdated ? "Generate again" : "Generate"}
            </Button>
          ) : null}
          {scoringState === "done" ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEye size={14} />}
              onClick={() => onShowDetail("SCORING")}
            >
              Show
            </Button>
          ) : null}
        </SchemeRow>
        {failure ? (
          <Alert color="red" variant="light" mt="xs">
            {errorMessage(failure)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
