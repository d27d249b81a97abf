import type { FormDefinition } from "./types.ts";

export const faqForm: FormDefinition = {
  name: "faq",
  fields: [
    { name: "question", label: "Question", type: "text", required: true },
    { name: "answer", label: "Answer", type: "textarea", required: true, rows: 5 },
  ],
};
