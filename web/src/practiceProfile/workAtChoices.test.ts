import { expect, test } from "bun:test";
import { facilityValuesOf } from "./npiLookups.ts";
import { workAtChoices } from "./workAtChoices.ts";

test("Works at lists facility then location names, each once", () => {
  const choices = workAtChoices([
    { name: "Main Clinic", locations: [{ name: "North Office" }, { name: "Main Clinic" }] },
    { name: "Surgery Center" },
  ]);
  expect(choices.map((choice) => choice.value)).toEqual(["Main Clinic", "North Office", "Surgery Center"]);
});

test("an organisation's record fills the facility form's fields", () => {
  expect(
    facilityValuesOf({
      npi: "1000058762",
      name: "BOONE ORTHOPAEDICS CLINIC",
      address: "1713 MAPLE BLVD",
      city_state: "Lebanon, IN",
      zipcode: "46052",
      phone: "3175550100",
    }),
  ).toEqual({
    npi: "1000058762",
    name: "BOONE ORTHOPAEDICS CLINIC",
    physical_address: "1713 MAPLE BLVD",
    physical_locale: "Lebanon, IN",
    physical_locale_zip: "46052",
  });
});
