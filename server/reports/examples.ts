/**
 * The report subscriptions' examples in the document (tests/api/apiDocument.test.ts parses each
 * with its route's own schemas): one weekly subscription of an analysis, as created and as listed.
 */
/** The analysis the examples subscribe to, by its number (no file outside queries/ registers one by name). */
const EXAMPLE_QUERIE = `querie${1}`;
const OWNER = { id: "6f1c2a9e-3b4d-4e8f-9a0b-1c2d3e4f5a6b", username: "Dana Reyes" };

export const subscriptionBodyExample = {
  querie: EXAMPLE_QUERIE,
  title: "Weekly market share",
  filters: { year: 2024, service_area: ["PSA"] },
  follow_latest_year: true,
  frequency: "weekly",
  weekday: 1,
  hour: 7,
  time_zone: "America/Chicago",
  recipients: [OWNER.id],
  include_xlsx: true,
};

export const subscriptionExample = {
  id: "0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f",
  querie: EXAMPLE_QUERIE,
  saved_query_id: null,
  from_saved_view: false,
  title: "Weekly market share",
  filters: { year: 2024, service_area: ["PSA"] },
  follow_latest_year: true,
  frequency: "weekly",
  weekday: 1,
  month_day: null,
  hour: 7,
  time_zone: "America/Chicago",
  schedule: "Every Monday at 07:00 (America/Chicago)",
  include_xlsx: true,
  paused: false,
  next_delivery_at: "2026-12-07T13:00:00.000Z",
  next_delivery_note: null,
  last_delivered_at: null,
  last_outcome: null,
  last_detail: null,
  owner: OWNER,
  recipients: [
    { user_id: OWNER.id, email: "dana.reyes@example.com", username: OWNER.username, state: "active" },
  ],
};

/** A first page of two with more to follow: its cursor is sent back as `cursor`. */
export const subscriptionPageExample = {
  status: 200,
  subscriptions: [subscriptionExample],
  next_cursor:
    "WyIyMDI2LTExLTI5IDA1OjAwOjAwLjEyMzQ1NiswMCIsIjBjOWU4ZDdmLTZhNWItNGMzZC04ZTJmLTFhMGI5YzhkN2U2ZiJd",
};
