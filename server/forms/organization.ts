import { cityAndZip } from "./facility.ts";
import type { FormDefinition } from "./types.ts";

/**
 * A customer's identity (staff's New customer and Edit dialogs). The city and zip follow the locale
 * rule of every form, read by the web from this definition as the facility form's are: a city of the
 * reference (autocomplete), then one of its zips (`api_other`), the zip emptied when the city
 * changes (`clears_on`) and the pair checked once both are set; the server checks it again.
 */
export const organizationForm: FormDefinition = {
  name: "organization",
  fields: [
    { name: "name", label: "Name", type: "text", required: true },
    { name: "address", label: "Address", type: "text", required: true },
    ...cityAndZip("locale", "locale_zip"),
    { name: "phone_1", label: "Phone 1", type: "text", format: "number" },
    { name: "phone_2", label: "Phone 2", type: "text", format: "number" },
    { name: "fax", label: "Fax", type: "text", format: "number" },
  ],
};
