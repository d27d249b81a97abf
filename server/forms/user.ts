import type { FormDefinition } from "./types.ts";

export const userForm: FormDefinition = {
  name: "user",
  fields: [
    { name: "username", label: "Name", type: "text", required: true, maxlength: 150 },
    { name: "email", label: "Email", type: "email", required: true, format: "email" },
    {
      name: "status",
      label: "Status",
      type: "select",
      required: true,
      choices: [
        { value: "admin", label: "Admin" },
        { value: "assistant", label: "Assistant" },
      ],
      default: "assistant",
    },
  ],
};
