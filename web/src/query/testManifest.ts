import type { QueryManifest } from "../api/answers.ts";

/**
 * A small manifest entry shaped as the server emits it (zod's JSON Schema of querie3's filters,
 * trimmed to three fields), for the unit tests of the screen's pure helpers.
 */
export const LINES = ["le_joint_replacement", "spine", "trauma", "hand_ue"];

export const testQuery: QueryManifest = {
  id: "querie3",
  title: "Subspecialty Mix",
  theme: "Market Alignment",
  description: "Mix against the market.",
  version: "1-test",
  filters: {
    type: "object",
    additionalProperties: false,
    properties: {
      year: {
        default: 2025,
        anyOf: [
          { type: "integer", minimum: 1000, maximum: 9999 },
          { type: "string", pattern: "^\\d{4}$" },
        ],
      },
      servicelines: { default: LINES, minItems: 3, type: "array", items: { type: "string", enum: LINES } },
      facilities: { default: [], type: "array", items: { type: "string", pattern: "^\\d{10}$" } },
    },
  },
  defaults: { year: 2025, servicelines: LINES, facilities: [] },
  view: { layout: "standard", charts: [], tables: [], maps: [] },
};
