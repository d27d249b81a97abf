import { Loader, Paper, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { QueryUsagePoint } from "../../api/answers.ts";

// Vega loads with the first chart drawn, as on the analyses: never on the back office's first paint.
const UsageLineChart = lazy(() => import("./UsageLineChart.tsx"));

/** Runs per day and analysis, one line per analysis: y 'Number of queries', x 'Date'. */
export function QueriesUsageChart({ usage }: { usage: QueryUsagePoint[] }) {
  return (
    <Paper p="md">
      <Title order={4} mb="sm">
        Queries usage
      </Title>
      {usage.length === 0 ? (
        <Text size="sm" c="dimmed">
          No analysis has been run yet.
        </Text>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading chart" />}>
          <UsageLineChart usage={usage} />
        </Suspense>
      )}
    </Paper>
  );
}
