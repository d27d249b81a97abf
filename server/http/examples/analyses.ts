/**
 * Examples of the API document: the analyses' manifest, a run, saved views, the audit trail.
 * Checked against the routes' answer schemas by tests/api/apiDocument.test.ts. An analysis is named
 * by its number (`querie${n}`): no file outside queries/ registers one by name.
 */
import { ORGANISATION_ID, USER_ID } from "./people.ts";

const ANALYSIS = `querie${3}`;

export const manifestExample = {
  status: 200 as const,
  available_years: [2024, 2025],
  themes: [{ theme: "Market Alignment", queries: [ANALYSIS] }],
  queries: [
    {
      id: ANALYSIS,
      title: "Subspecialty Mix",
      theme: "Market Alignment",
      description: "The practice's cases by subspecialty against the market's.",
      version: "3.2.0+data.2025-11",
      filters: { type: "object", properties: { year: { type: "integer" } } },
      defaults: { year: 2025 },
      view: { chart: "bar" },
    },
  ],
};

export const runExample = {
  querie: ANALYSIS,
  title: "Subspecialty Mix",
  year: 2024,
  reference_year: 2023,
  filters: { year: 2024, service_area: ["PSA"] },
  results: { rows: [{ subspecialty: "Sports Medicine", practice: 0.31, market: 0.24 }] },
  insights: [
    {
      text: "Sports medicine is 31% of the practice's cases against 24% in its market.",
      figures: { "results.rows.0.practice": 0.31, "results.rows.0.market": 0.24 },
    },
  ],
};

export const savedViewExample = {
  id: "b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d1e",
  name: ANALYSIS,
  querie: 3,
  title: "Knee, 2024",
  description: "",
  accessible: true,
  username: "Dana Reyes",
  email: "dana.reyes@example.com",
  from_provider: false,
  filters: { year: 2024 },
  organization_id: ORGANISATION_ID,
  created_at: "2026-11-20T09:30:00.000Z",
  is_owner: true,
  can_delete: true,
};

export const savedViewsExample = {
  status: 200 as const,
  user_queries: [savedViewExample],
  colab_queries: [],
  next_cursor: null,
};

export const auditPageExample = {
  status: 200 as const,
  events: [
    {
      id: 10_482,
      at: "2026-11-28T10:04:55.120Z",
      organisation_id: ORGANISATION_ID,
      actor: { kind: "user" as const, id: USER_ID, name: "Dana Reyes", role: "customerAdmin" },
      action: "user.update",
      target: { kind: "user", id: "7e4f3b2c-0d9a-4b7f-c6e5-4d3c2b1a0f9e" },
      before: { status: "assistant" },
      after: { status: "admin" },
    },
  ],
  next_cursor: "10482",
};

export const AUDIT_CSV_EXAMPLE =
  'at,actor,role,action,target,before,after\n2026-11-28T10:04:55.120Z,Dana Reyes,customerAdmin,user.update,user 7e4f3b2c,"{""status"":""assistant""}","{""status"":""admin""}"\n';
