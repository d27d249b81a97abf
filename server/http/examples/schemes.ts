/**
 * Examples of the API document: the questionnaire, the generated schemes, validations and scores.
 * Checked against the routes' answer schemas by tests/api/apiDocument.test.ts.
 */

export const questionnaireExample = {
  status: 200 as const,
  questionnaire: {
    year: 2024,
    state: "under_analysis" as const,
    data: { practice_name: "Riverside Orthopaedics", payer_mix: ["Medicare", "Commercial"] },
  },
};

export const draftExample = {
  status: 200 as const,
  draft: {
    year: 2024,
    answers: { practice_name: "Riverside Orthopaedics" },
    step: 4,
    saved_at: "2026-11-28T16:40:12.000Z",
  },
};

/** A generator or scoring run just queued: its entry reads false (running) and names its job. */
export const schemeRunExample = {
  status: 200 as const,
  data: false as const,
  job: "f6a7b8c9-d0e1-4f2a-8b3c-4d5e6f7a8b9c",
};

export const validationExample = {
  status: 200 as const,
  data: {
    valid: true,
    done: true,
    running_on: null,
    note: { checked: 48_210, problems: [] },
    updated_at: "2026-11-28T11:20:00.000Z",
    outdated: false,
  },
};

/** A scheme's stored result has its own shape (docs/plugins.md); this one is a market profile's. */
export const schemeResultExample = {
  status: 200 as const,
  scheme: { year: 2024, sections: [{ title: "Market share", value: 0.18 }] },
};

export const generatedSchemaExample = {
  status: 200 as const,
  schema: { year: 2024, capabilities: [{ service: "Knee arthroscopy", level: "high" }] },
};
