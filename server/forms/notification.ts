import type { FormDefinition } from "./types.ts";

export const notificationForm: FormDefinition = {
  name: "notification",
  fields: [{ name: "message", label: "Message", type: "textarea", required: true, rows: 5 }],
};
