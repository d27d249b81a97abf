import { expect, test } from "bun:test";
import { findingsOf, sameFindings } from "./acceptedFindings.ts";

const globalNote = (lnUpload: number, newPatient: string) => ({
  valid: false,
  note: {
    ln_volumes: [
      {
        provider_name: "Ann Lee",
        ln: 5,
        upload: lnUpload,
        note: `The market data has 5 against ${lnUpload}.`,
      },
    ],
    speciality: [{ service: "Spine", note: "" }],
    new_patient_em: newPatient,
    mri: "",
  },
});

test("a validation's findings are named by subject, not by position or figures", () => {
  expect([...findingsOf(globalNote(1, ""))]).toEqual([".note.ln_volumes[provider_name=Ann Lee].note"]);
  expect([
    ...findingsOf({
      valid: false,
      rows: [{ id: "f1", npi: "1", name: "A", state: "error", note: "No NPI" }],
    }),
  ]).toEqual([".rows[id=f1].note"]);
});

test("the same problems with new counts stay accepted; a problem about another subject does not", () => {
  expect(sameFindings(globalNote(1, ""), globalNote(2, ""))).toBe(true);
  expect(sameFindings(globalNote(1, ""), globalNote(2, "Clinic visits is offered but ..."))).toBe(false);
  // Nothing was accepted (the run was valid): any problem now needs a person.
  expect(sameFindings({ valid: true, rows: [] }, globalNote(2, ""))).toBe(false);
});
