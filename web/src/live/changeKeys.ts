import type { QueryKey } from "@tanstack/react-query";
import type { LiveMessage } from "../../../server/live/messages.ts";
import { adminKeys } from "../admin/queries.ts";
import { questionnaireKeys } from "../api/questionnaire.ts";
import { sessionKeys } from "../session/queries.ts";

export type StateChange = Extract<LiveMessage, { type: "changed" }>;

/** The analyses' answers, their menu and the score: what a year's data, results or enablement change. */
const ANALYSES: QueryKey[] = [
  ["queries", "manifest"],
  ["queries", "run"],
  ["queries", "saved"],
  ["scoring-result"],
];
/** The back office's answers about the organisation (customers list, detail, year detail, modals). */
const BACK_OFFICE: QueryKey[] = [adminKeys.all, ["admin", "scheme-detail"]];

/**
 * The one map from a state change (server/live/stateChanges.ts) to the cached queries that show it:
 * an open screen re-reads exactly these when the live channel tells of the change (issue 24). The
 * session detail carries the Home checklist, the enabled years and the profile.
 */
export const CHANGE_KEYS: Record<StateChange["topic"], QueryKey[]> = {
  year: [sessionKeys.all, ...ANALYSES, ...BACK_OFFICE],
  questionnaire: [
    sessionKeys.all,
    questionnaireKeys.current().slice(0, 1),
    ["scoring-result"],
    ...BACK_OFFICE,
  ],
  profile: [sessionKeys.all, ...ANALYSES, ...BACK_OFFICE],
};

export const keysOfChange = (change: StateChange): QueryKey[] => CHANGE_KEYS[change.topic];
