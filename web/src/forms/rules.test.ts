import { describe, expect, test } from "bun:test";
import { formDefinitions } from "../../../server/forms/index.ts";
import {
  applyChange,
  autoLookUp,
  blockedBy,
  choicesOf,
  fieldError,
  formErrors,
  formFieldOfError,
  initialValues,
  isShown,
  localePairs,
  mergeValues,
  normalizeInput,
  payloadOf,
} from "./rules.ts";
import { organizationFields } from "./sessionForms.ts";
import type { FormField } from "./types.ts";

const npi: FormField = {
  name: "npi",
  label: "NPI",
  type: "text",
  required: true,
  format: "npi",
  minlength: 10,
  maxlength: 10,
};
const name: FormField = { name: "name", label: "Name", type: "text", required: true };
const city: FormField = {
  name: "city",
  label: "City, State",
  type: "text",
  required: true,
  api_url: "/api/services/location/autocomplete/",
};
const zip: FormField = {
  name: "zip",
  label: "Zip",
  type: "text",
  required: true,
  format: "zip",
  api_url: "/api/services/location/zipcodes/",
  api_other: "city",
  clears_on: "city",
};
const services: FormField = {
  name: "services",
  label: "Services",
  type: "multiple_choice",
  required: true,
  min: 1,
  choices: [
    { value: "Surgery", label: "Surgery" },
    { value: "Other Diagnostics", label: "Other Diagnostics" },
  ],
};
const other: FormField = {
  name: "other",
  label: "Other",
  type: "textarea",
  required: true,
  shown_when: { field: "services", includes: "Other Diagnostics" },
};
const category: FormField = {
  name: "category",
  label: "Category",
  type: "select",
  required: true,
  choices: [{ value: "Physician", label: "Physician" }],
};
const ptype: FormField = {
  name: "ptype",
  label: "Type",
  type: "select",
  required: true,
  clears_on: "category",
  dependsOn: { field: "category", choices: { Physician: [{ value: "Podiatrist", label: "Podiatrist" }] } },
};
const phone: FormField = { name: "phone", label: "Phone", type: "text", format: "number" };
const last: FormField = { name: "last", label: "Last", type: "text", required: true, format: "onlyletter" };
const opened: FormField = { name: "opened_on", label: "Opened", type: "date" };
const fields = [npi, name, city, zip, services, other, category, ptype, phone, last, opened];

describe("field messages", () => {
  test("a required field without format says 'Please fill out this field'", () => {
    expect(fieldError(name, { name: "   " })).toBe("Please fill out this field");
    expect(fieldError(name, { name: "Boone Clinic" })).toBeNull();
  });

  test("a field with a format says what the format is, in words", () => {
    expect(fieldError(npi, { npi: "" })).toBe(
      "Please fill out this field or verify it is an NPI of 10 digits.",
    );
    expect(fieldError(zip, { zip: "4620" })).toBe(
      "Please fill out this field or verify it is a zip code of 5 digits.",
    );
    expect(fieldError(zip, { zip: "46204" })).toBeNull();
  });

  test("an NPI needs 10 digits with a valid check digit", () => {
    expect(fieldError(npi, { npi: "1000058762" })).toBeNull();
    expect(fieldError(npi, { npi: "1000058763" })).toBe(
      "Please fill out this field or verify it is an NPI of 10 digits.",
    );
    expect(fieldError(npi, { npi: "100005876" })).not.toBeNull();
  });

  test("an optional empty field passes; filled, its format still applies", () => {
    expect(fieldError(phone, { phone: "" })).toBeNull();
    expect(fieldError(opened, { opened_on: "" })).toBeNull();
    expect(fieldError(opened, { opened_on: "2020-13" })).toBe("Please fill out this field");
  });

  test("a multiple choice needs at least min selections", () => {
    expect(fieldError(services, { services: [] })).toBe("Please fill out this field");
    expect(fieldError(services, { services: ["Surgery"] })).toBeNull();
    expect(fieldError({ ...services, min: 2 }, { services: ["Surgery"] })).not.toBeNull();
  });

  test("formErrors names every failing field and only those", () => {
    const values = initialValues(fields);
    expect(Object.keys(formErrors(fields, values)).sort()).toEqual(
      ["category", "city", "last", "name", "npi", "ptype", "services", "zip"].sort(),
    );
  });
});

describe("typing", () => {
  test("number strips non-digits, onlyletter strips non-letters", () => {
    expect(normalizeInput(phone, "317-555-0100")).toBe("3175550100");
    expect(normalizeInput(last, "O'Brien 2!")).toBe("O'Brien ");
    expect(fieldError(last, { last: "Van Buren" })).toBeNull();
    expect(fieldError(last, { last: "-" })).toBe(
      "Please fill out this field or verify it is letters only (spaces, hyphens, apostrophes and dots allowed).",
    );
    expect(normalizeInput(last, "Müller")).toBe("Müller");
    expect(normalizeInput(name, "a-b 1")).toBe("a-b 1");
  });

  test("changing the city clears the zip; the same city leaves it", () => {
    const values = { ...initialValues(fields), city: "Indianapolis, IN", zip: "46204" };
    expect(applyChange(fields, values, "city", "Carmel, IN").zip).toBe("");
    expect(applyChange(fields, values, "city", "Indianapolis, IN").zip).toBe("46204");
  });

  test("changing the category clears the provider type", () => {
    const values = { ...initialValues(fields), category: "Physician", ptype: "Podiatrist" };
    expect(applyChange(fields, values, "category", "Therapist").ptype).toBe("");
  });
});

describe("why Update is disabled", () => {
  const provider = formDefinitions().provider.form.fields as FormField[];
  test("a provider saved without its place names City, Zip code and Works at", () => {
    const seeded = {
      npi: "1002178303",
      first_name: "Susan",
      last_name: "Thomas",
      category: "Physician",
      ptype: "Orthopaedic Surgeon",
      speciality: ["Spine"],
      city: "",
      zipcode: "",
      name_work_at: [],
    };
    expect(blockedBy(provider, initialValues(provider, seeded))).toBe(
      "Fill in or correct: City, State; Zip code; Works at.",
    );
    const complete = { ...seeded, city: "Fishers, IN", zipcode: "46037", name_work_at: ["Clinic"] };
    expect(blockedBy(provider, initialValues(provider, complete))).toBeNull();
  });
});

describe("display and choices", () => {
  test("'Other Diagnostics' reveals its box, which is only then required and sent", () => {
    const without = { ...initialValues(fields), services: ["Surgery"], other: "stale" };
    expect(isShown(other, without)).toBe(false);
    expect(fieldError(other, without)).toBeNull();
    expect(payloadOf(fields, without).other).toBe("");
    const withOther = { ...without, services: ["Surgery", "Other Diagnostics"], other: "" };
    expect(fieldError(other, withOther)).toBe("Please fill out this field");
  });

  test("dependent choices follow the field they depend on; passed-in choices win", () => {
    expect(choicesOf(ptype, { category: "Physician" })).toEqual([
      { value: "Podiatrist", label: "Podiatrist" },
    ]);
    expect(choicesOf(ptype, { category: "" })).toEqual([]);
    const extra = { category: [{ value: "X", label: "X" }] };
    expect(choicesOf(category, {}, extra)).toEqual(extra.category);
  });

  test("the city/zip pair is read from api_other", () => {
    expect(localePairs(fields)).toEqual([{ city: "city", zip: "zip" }]);
  });
});

describe("values", () => {
  test("an add starts from the defaults, an edit from the entity with null as empty", () => {
    const withDefault: FormField = { name: "shareholder", label: "S", type: "select", default: "No" };
    expect(initialValues([withDefault]).shareholder).toBe("No");
    expect(initialValues([withDefault, opened], { shareholder: null, opened_on: null })).toEqual({
      shareholder: "",
      opened_on: "",
    });
    expect(initialValues([services], { services: ["Surgery"] }).services).toEqual(["Surgery"]);
  });

  test("a look-up fills only what it found, normalised", () => {
    const values = { ...initialValues(fields), name: "Typed" };
    const merged = mergeValues(fields, values, { phone: "317-555-0100", name: "", last: "THOMAS" });
    expect(merged.phone).toBe("3175550100");
    expect(merged.name).toBe("Typed");
    expect(merged.last).toBe("THOMAS");
  });

  test("the payload trims text", () => {
    expect(payloadOf([name], { name: "  Boone  " })).toEqual({ name: "Boone" });
  });
});

describe("a server refusal beside its field", () => {
  test("the path's last name, an entry's index left out", () => {
    expect(formFieldOfError("facility.npi")).toBe("npi");
    expect(formFieldOfError("provider.speciality.1")).toBe("speciality");
    expect(formFieldOfError("name")).toBe("name");
  });
});

// Issue 32: staff's organisation form checked city and zip only on the server and showed the
// error under the raw path "organization.locale_zip".
describe("the organization form's rules come from its definition", () => {
  const fields = organizationFields(formDefinitions()) as FormField[];

  test("the city and zip are a locale pair: checked on the client, the zip cleared by a new city", () => {
    expect(localePairs(fields)).toEqual([{ city: "locale", zip: "locale_zip" }]);
    const before = { ...initialValues(fields), locale: "Indianapolis, IN", locale_zip: "46204" };
    expect(applyChange(fields, before, "locale", "Carmel, IN").locale_zip).toBe("");
    const zip = fields.find((field) => field.name === "locale_zip")!;
    expect(fieldError(zip, { ...before, locale_zip: "4620" })).toBe(
      "Please fill out this field or verify it is a zip code of 5 digits.",
    );
    expect(fieldError(zip, before)).toBeNull();
  });

  test("a refusal of organization.locale_zip goes beside the field labelled Zip code", () => {
    const name = formFieldOfError("organization.locale_zip");
    expect(fields.find((field) => field.name === name)?.label).toBe("Zip code");
  });
});

// Issue 32: each NPI look-up was sent twice. The automatic look-up runs once per value.
describe("the automatic look-up", () => {
  test("a complete value of an add form is looked up once; an edit waits for the button", () => {
    expect(autoLookUp({ editing: false, ready: true, value: "1234567893" })).toBe(true);
    expect(autoLookUp({ editing: false, ready: true, value: "1234567893", last: "1234567893" })).toBe(false);
    expect(autoLookUp({ editing: false, ready: true, value: "1234567893", last: "1999999992" })).toBe(true);
    expect(autoLookUp({ editing: false, ready: false, value: "123456789" })).toBe(false);
    expect(autoLookUp({ editing: true, ready: true, value: "1234567893" })).toBe(false);
  });
});
