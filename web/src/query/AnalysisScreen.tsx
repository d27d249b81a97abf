import { Alert, Box, Button, Center, Loader, LoadingOverlay, Stack, Text } from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconDeviceFloppy,
  IconMailForward,
  IconTrash,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { analysisTitle, isQueryName } from "../analyses/catalogue.ts";
import { errorMessage } from "../api/errors.ts";
import { AfterPaint } from "../app/AfterPaint.tsx";
import { mayCall } from "../session/permissions.ts";
import { adminSessionQuery } from "../session/queries.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { ChartViews, ChartViewsContext } from "./chartViews.ts";
import { downloadBlob } from "./download.ts";
import { EmptyState } from "./EmptyState.tsx";
import { ExportMenu } from "./ExportMenu.tsx";
import { FindingsPanel } from "./FindingsPanel.tsx";
import { filterFields, filterLabel } from "./filterFields.ts";
import { filterSummary } from "./filterSummary.ts";
import { chartsToPdf, pdfFileName } from "./pdfExport.ts";
import { QueryHeader } from "./QueryHeader.tsx";
import { ResultView } from "./ResultView.tsx";
import { ReviewedVersionNotice } from "./ReviewedVersionNotice.tsx";
import { filterProblems, sameFilters } from "./searchParams.ts";
import type { FilterValues } from "./types.ts";
import { useAnalysis } from "./useAnalysis.ts";

// The dialogs (and Mantine's pickers and modal code they use) load after the results are shown.
const FilterDialog = lazy(() => import("./FilterDialog.tsx").then((m) => ({ default: m.FilterDialog })));
const SaveDialog = lazy(() => import("./SaveDialog.tsx").then((m) => ({ default: m.SaveDialog })));
const SubscribeDialog = lazy(() =>
  import("../reports/SubscribeDialog.tsx").then((m) => ({ default: m.SubscribeDialog })),
);

export interface SavedView {
  /** The saved query's id (a subscription to it follows the view). */
  id: string;
  title: string;
  description: string;
  /** Undefined when the viewer may not delete it (only its owner or a super user may). */
  onDelete?: () => void;
  deleting: boolean;
}

interface AnalysisScreenProps {
  /** querie1, querie2, ... */
  name: string;
  /** Filters asked for (the address, or a saved query's); the defaults fill the rest. */
  requested: FilterValues;
  onApply: (filters: FilterValues, defaults: FilterValues) => void;
  /** A saved custom query: its title and description, Delete instead of Save. */
  saved?: SavedView;
}

/**
 * A query screen drawn from the manifest: title and description (site texts first), the Filters
 * dialog, Save (hidden for agents and saved views; disabled on the defaults), Export, and the
 * result's charts, tables and maps from the view descriptor.
 */
export function AnalysisScreen({ name, requested, onApply, saved }: AnalysisScreenProps) {
  const { closed, dummyOrgId, manifest, query, availableYears, resolved, run, texts } = useAnalysis(
    name,
    requested,
  );
  const customer = useCustomerDetail();
  // Only staff (dummy mode) have an admin profile; a customer never is an agent.
  const admin = useQuery({ ...adminSessionQuery(), enabled: Boolean(dummyOrgId) }).data;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const [chartViews] = useState(() => new ChartViews());

  const results = run.data?.results;
  const fields = useMemo(
    () => (query ? filterFields(query.filters, availableYears, results) : []),
    [query, availableYears, results],
  );

  if (manifest.error) return <LoadFailure error={manifest.error} />;
  if (!query || !resolved || !texts) {
    return (
      <>
        <QueryHeader title={isQueryName(name) ? analysisTitle(name) : ""} description="" />
        <ScreenLoader />
      </>
    );
  }

  const filters = resolved.filters;
  const title = saved?.title ?? texts.title;
  const description = saved?.description ?? texts.description;
  // Agents cannot save custom views (customer-area.md section 6): in dummy mode (staff) the save
  // controls follow the server's role table (docs/roles.md).
  const isAgent = Boolean(
    dummyOrgId && admin?.logged && !mayCall(admin.detail, "POST /api/management/queries/save"),
  );
  const atDefaults = sameFilters(filters, query.defaults);
  const summary = filterSummary(fields, filters).join("  ·  ");

  const printCharts = async () => {
    const blob = await chartsToPdf(
      title,
      filterSummary(fields, filters),
      chartViews.all(),
      run.data?.insights.map((insight) => insight.text),
    );
    downloadBlob(blob, pdfFileName(title));
  };

  const actions = (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        onClick={() => setFiltersOpen(true)}
        disabled={!run.data}
      >
        Filters
      </Button>
      {saved ? (
        saved.onDelete ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={saved.onDelete}
            loading={saved.deleting}
          >
            Delete
          </Button>
        ) : null
      ) : isAgent ? null : (
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => setSaveOpen(true)}
          disabled={atDefaults || !customer || closed}
        >
          Save
        </Button>
      )}
      {/* Customers only: staff's dummy view is read-only (the server refuses it too). */}
      {customer && !dummyOrgId ? (
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} />}
          onClick={() => setSubscribeOpen(true)}
          disabled={!run.data}
        >
          Subscribe
        </Button>
      ) : null}
      <ExportMenu
        disabled={closed}
        name={name}
        filters={filters}
        dummyOrgId={dummyOrgId}
        tables={query.view.tables.map((table, index) => ({
          table,
          index,
          title: texts.tables[table.id] ?? table.title,
        }))}
        onChartPdf={
          query.view.charts.length + query.view.maps.length > 0 && results ? printCharts : undefined
        }
      />
    </>
  );

  return (
    <ChartViewsContext.Provider value={chartViews}>
      <QueryHeader
        title={title}
        description={description}
        summary={run.data ? summary : undefined}
        actions={actions}
      />
      {closed ? <EmptyState kind="not-initialized" /> : null}
      {!closed && resolved.problems.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle />}
          mb="md"
          title="The filters in the address were not used"
        >
          {resolved.problems
            .map((problem) => `${filterLabel(problem.field, query.filters)}: ${problem.message}`)
            .join("; ")}
          . The default filters are shown.
        </Alert>
      ) : null}
      {closed ? null : run.error ? (
        <LoadFailure error={run.error} />
      ) : !run.data ? (
        <ScreenLoader />
      ) : (
        <Box pos="relative">
          <LoadingOverlay
            // Over the previous filters' results while new ones load; a live re-read of the same
            // answer (a year's state changed) swaps in quietly instead of greying the screen.
            visible={run.isPlaceholderData}
            zIndex={5}
            loaderProps={{ "aria-label": "Loading results" }}
          />
          <ReviewedVersionNotice note={run.data.reviewed_version?.note} />
          <FindingsPanel sentences={run.data.insights.map((insight) => insight.text)} />
          <ResultView view={query.view} results={run.data.results} texts={texts} />
        </Box>
      )}
      {/* customer-area.md: the filter dialog is created only after the first load; both dialogs'
          code (Mantine's pickers) loads once the results are painted. */}
      <AfterPaint>
        <Suspense fallback={null}>
          {run.data ? (
            <FilterDialog
              opened={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              fields={fields}
              current={filters}
              problemsOf={(draft) => filterProblems(draft, query, availableYears)}
              onApply={(next) => {
                setFiltersOpen(false);
                onApply(next, query.defaults);
              }}
            />
          ) : null}
          {customer && !saved && !isAgent ? (
            <SaveDialog
              opened={saveOpen}
              onClose={() => setSaveOpen(false)}
              name={name}
              filters={filters}
              organisationId={customer.organization.id}
              dummyOrgId={dummyOrgId}
            />
          ) : null}
          {customer && !dummyOrgId ? (
            <SubscribeDialog
              opened={subscribeOpen}
              onClose={() => setSubscribeOpen(false)}
              userId={"id" in customer.profile ? customer.profile.id : ""}
              source={{ querie: name, savedQueryId: saved?.id ?? null, title, filters }}
            />
          ) : null}
        </Suspense>
      </AfterPaint>
    </ChartViewsContext.Provider>
  );
}

function ScreenLoader() {
  return (
    <Center mih={320}>
      <Stack align="center" gap="xs">
        <Loader aria-label="Loading results" />
        <Text size="sm" c="dimmed">
          Loading the analysis…
        </Text>
      </Stack>
    </Center>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="The analysis could not be loaded">
      {errorMessage(error)}
    </Alert>
  );
}
