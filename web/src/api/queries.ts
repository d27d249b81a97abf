import { type InfiniteData, infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { FilterValues } from "../query/types.ts";
import type {
  ExportAnswer,
  Manifest,
  RunResponse,
  SavedQuery,
  SavedQueryActionAnswer,
  SavedQueryLists,
  SavedQueryRun,
} from "./answers.ts";
import { apiRequest } from "./client.ts";
import { takeEarlyRun } from "./earlyRequests.ts";
import { cursorPaging, pagePath } from "./pages.ts";
import type { RunBody, SavedViewActionBody, SaveViewBody } from "./requests.ts";

/**
 * The analyses API: the manifest the query screens are drawn from, a run with filters, a table
 * export, and saved (custom) queries. Every call takes the dummy organisation, if any.
 */

const BASE = "/api/management/queries";

export const queryKeys = {
  manifest: (dummyOrgId?: string) => ["queries", "manifest", dummyOrgId ?? "self"] as const,
  run: (name: string, filters: FilterValues, dummyOrgId?: string) =>
    ["queries", "run", dummyOrgId ?? "self", name, filters] as const,
  saved: (id: string, dummyOrgId?: string) => ["queries", "saved", dummyOrgId ?? "self", id] as const,
  savedLists: ["queries", "saved-lists"] as const,
};

export const manifestQuery = (dummyOrgId?: string) =>
  queryOptions({
    queryKey: queryKeys.manifest(dummyOrgId),
    queryFn: ({ signal }) => apiRequest<Manifest>(`${BASE}/manifest`, { dummyOrgId, signal }),
    // The manifest changes with a deployment or a new data year, not while a screen is open.
    staleTime: 5 * 60_000,
  });

/** Runs an analysis; `name` is querie1, querie2, ... */
export const runQuery = (name: string, filters: FilterValues, dummyOrgId?: string) =>
  queryOptions({
    queryKey: queryKeys.run(name, filters, dummyOrgId),
    queryFn: async ({ signal }) =>
      // A new tab on an analysis at its defaults: the run may have started with the HTML.
      (dummyOrgId ? undefined : await takeEarlyRun(name, filters)) ??
      apiRequest<RunResponse, RunBody>(`${BASE}/${name}`, {
        method: "POST",
        body: { filters },
        dummyOrgId,
        signal,
      }),
    // The server caches by data version; a result stays valid while the screen is open.
    staleTime: 5 * 60_000,
  });

export interface ExportRequest {
  name: string;
  filters: FilterValues;
  format: NonNullable<RunBody["export"]>;
  /** The table (index in the view descriptor); a workbook without it holds every table. */
  tableIndex?: number;
  dummyOrgId?: string;
}

/** Writes the export on the server and answers the path it is downloaded from. */
export async function exportQuery(request: ExportRequest): Promise<string> {
  const body: RunBody = { filters: request.filters, export: request.format };
  if (request.tableIndex !== undefined) body.export_nb = request.tableIndex;
  const answer = await apiRequest<ExportAnswer, RunBody>(`${BASE}/${request.name}`, {
    method: "POST",
    body,
    dummyOrgId: request.dummyOrgId,
  });
  return answer.path;
}

/** POST /api/management/queries/save/: a new custom query of the current filters. */
export const saveQuery = (request: SaveViewBody, dummyOrgId?: string) =>
  apiRequest<SavedQueryActionAnswer, SaveViewBody>(`${BASE}/save/`, {
    method: "POST",
    body: request,
    dummyOrgId,
  });

/** The same call with action DELETE removes a saved query. */
export const deleteSavedQuery = (id: string, organisationId: string, dummyOrgId?: string) =>
  apiRequest<SavedQueryActionAnswer, SavedViewActionBody>(`${BASE}/save/`, {
    method: "POST",
    body: { action: "DELETE", querie: id, organization_id: organisationId },
    dummyOrgId,
  });

/** POST .../save/ with action SHARE: shares (Yes) or unshares (No) the caller's own saved query. */
export const shareSavedQuery = (
  id: string,
  organisationId: string,
  accessible: boolean,
  dummyOrgId?: string,
) =>
  apiRequest<SavedQueryActionAnswer, SavedViewActionBody>(`${BASE}/save/`, {
    method: "POST",
    body: { action: "SHARE", querie: id, organization_id: organisationId, accessible },
    dummyOrgId,
  });

export type { SavedQuery, SavedQueryLists };

/** The caller's own saved queries and the colleagues' shared ones, as the pages read so far hold them. */
export type SavedLists = Pick<SavedQueryLists, "user_queries" | "colab_queries">;

/**
 * The caller's own saved queries and the colleagues' shared ones (GET .../save/), a page at a time
 * (pages.ts): the menus show the pages read, the Profile's panel reads more with "Show more".
 */
export const savedListsQuery = (dummyOrgId?: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.savedLists, dummyOrgId ?? "self"] as const,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<SavedQueryLists>(pagePath(`${BASE}/save/`, pageParam), { dummyOrgId, signal }),
    ...cursorPaging,
    staleTime: 60_000,
  });

/** The pages read so far as one pair of lists (each page is split in two, in one order). */
export function savedListsOf(data: InfiniteData<SavedQueryLists> | undefined): SavedLists | undefined {
  if (!data) return undefined;
  return {
    user_queries: data.pages.flatMap((page) => page.user_queries),
    colab_queries: data.pages.flatMap((page) => page.colab_queries),
  };
}

/** POST /api/management/queries/{id}: the saved query's run, with the saved query itself. */
export const savedQueryRun = (id: string, dummyOrgId?: string) =>
  queryOptions({
    queryKey: queryKeys.saved(id, dummyOrgId),
    queryFn: ({ signal }) =>
      apiRequest<SavedQueryRun, RunBody>(`${BASE}/${id}`, {
        method: "POST",
        body: {},
        dummyOrgId,
        signal,
      }),
  });
