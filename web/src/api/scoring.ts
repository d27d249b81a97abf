import { queryOptions } from "@tanstack/react-query";
import type { ScoresAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { ScoresBody } from "./requests.ts";

/**
 * POST /api/management/scoring/result/: the organisation's latest score (dummy mode adds org_id);
 * `data` is null until staff have generated a scoring for an enabled year.
 */
export const scoringResultQuery = (dummyOrgId?: string) =>
  queryOptions({
    queryKey: ["scoring-result", dummyOrgId ?? "own"],
    queryFn: () =>
      apiRequest<ScoresAnswer, ScoresBody>("/api/management/scoring/result/", {
        method: "POST",
        body: dummyOrgId ? { org_id: dummyOrgId } : {},
        dummyOrgId,
      }),
  });
