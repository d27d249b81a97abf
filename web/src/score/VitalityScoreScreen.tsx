import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../api/errors.ts";
import { scoringResultQuery } from "../api/scoring.ts";
import { siteSettingsQuery } from "../api/siteSettings.ts";
import { useDummyOrgId } from "../session/dummyContext.ts";
import {
  explanationKey,
  SCORE_DIMENSIONS,
  SCORE_MAX,
  type ScoreDimension,
  type Scores,
} from "./dimensions.ts";
import { useCountUp } from "./useCountUp.ts";

type ScoringTexts = Partial<Record<string, string>> & { title?: string; description?: string };

/** The Strategic Vitality Score: the weighted total and its five dimensions, each on 0-20. */
export function VitalityScoreScreen() {
  const dummyOrgId = useDummyOrgId();
  const scoring = useQuery(scoringResultQuery(dummyOrgId));
  const settings = useQuery(siteSettingsQuery());
  const texts = (settings.data?.queries?.scoring ?? {}) as ScoringTexts;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{texts.title ?? "Strategic Vitality Score"}</Title>
        {texts.description ? (
          <Text c="dimmed" size="sm">
            {texts.description}
          </Text>
        ) : null}
      </Stack>
      {scoring.isPending ? (
        <Center mih={240}>
          <Loader aria-label="Loading the score" />
        </Center>
      ) : scoring.isError ? (
        <Alert color="red" title="The score could not be loaded">
          {errorMessage(scoring.error)}
        </Alert>
      ) : scoring.data.data ? (
        <ScoreBoard scores={scoring.data.data} texts={texts} />
      ) : (
        <Alert color="gray" title="No score yet">
          Your score appears here once our analysts have reviewed your data and questionnaire.
        </Alert>
      )}
    </Stack>
  );
}

function ScoreBoard({ scores, texts }: { scores: Scores; texts: ScoringTexts }) {
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Text fw={600} size="lg">
              Total score{scores.year ? ` (${scores.year})` : ""}
            </Text>
            <Text c="dimmed" size="sm">
              Weighted:{" "}
              {SCORE_DIMENSIONS.map((dimension) => `${dimension.label} ${dimension.weight}%`).join(", ")}
            </Text>
          </Stack>
          <ScoreRing value={scores.total} size={150} label="Total score" />
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SCORE_DIMENSIONS.map((dimension) => (
          <DimensionCard
            key={dimension.key}
            dimension={dimension.key}
            label={dimension.label}
            weight={dimension.weight}
            value={scores[dimension.key]}
            text={texts[explanationKey(dimension.key)]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function DimensionCard(props: {
  dimension: ScoreDimension;
  label: string;
  weight: number;
  value: number;
  text?: string;
}) {
  return (
    <Card withBorder padding="md" radius="md" data-dimension={props.dimension}>
      <Group wrap="nowrap" align="flex-start">
        <ScoreRing value={props.value} size={96} label={props.label} />
        <Stack gap={4}>
          <Text fw={600}>{props.label}</Text>
          <Text size="xs" c="dimmed">
            {props.weight}% of the total
          </Text>
          {props.text ? <Text size="sm">{props.text}</Text> : null}
        </Stack>
      </Group>
    </Card>
  );
}

function ScoreRing({ value, size, label }: { value: number; size: number; label: string }) {
  const shown = useCountUp(value);
  return (
    <RingProgress
      size={size}
      thickness={size / 10}
      roundCaps
      role="img"
      aria-label={`${label}: ${value.toFixed(1)} out of ${SCORE_MAX}`}
      sections={[{ value: (shown / SCORE_MAX) * 100, color: "teal" }]}
      label={
        <Text ta="center" fw={700} size={size > 120 ? "xl" : "md"} data-score>
          {shown.toFixed(1)}
        </Text>
      }
    />
  );
}
