import type { FormDefinition } from "./types.ts";

export const organizationForm: FormDefinition = {
  name: "organization",
  fields: [
    { name: "name", label: "Name", type: "text", required: true },
    { name: "address", label: "Address", type: "text", required: true },
    {
      name: "locale",
      label: "City, State",
      type: "text",
      required: true,
      api_url: "/api/services/location/autocomplete/",
    },
    { name: "locale_zip", label: "Zip code", type: "text", required: true, format: "zip" },
    { name: "phone_1", label: "Phone 1", type: "text", format: "number" },
    { name: "phone_2", label: "Phone 2", type: "text", format: "number" },
    { name: "fax", label: "Fax", type: "text", format: "number" },
  ],
};
