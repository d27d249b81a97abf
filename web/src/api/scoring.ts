import { queryOptions } from "@tanstack/react-query";
import type { Scores } from "../score/dimensions.ts";
import { apiRequest } from "./client.ts";

export interface ScoringResult {
  status: number;
  /** null until staff have generated a scoring for an enabled year. */
  data: Scores | null;
}

/** POST /api/management/scoring/result/: the organisation's latest score (dummy mode adds org_id). */
export const scoringResultQuery = (dummyOrgId?: string) =>
  queryOptions({
    queryKey: ["scoring-result", dummyOrgId ?? "own"],
    queryFn: () =>
      apiRequest<ScoringResult>("/api/management/scoring/result/", {
        method: "POST",
        body: dummyOrgId ? { org_id: dummyOrgId } : {},
        dummyOrgId,
      }),
  });
