import { useEffect, useRef } from "react";
import { checkLocation } from "../api/onboarding.ts";
import { localePairs } from "./rules.ts";
import type { FormField, FormValues } from "./types.ts";
import type { DefinitionForm } from "./useDefinitionForm.ts";

export const LOCALE_MISMATCH =
  "This zip code is not in this city: choose the city, then one of its zip codes.";

/**
 * The locale rule (admin-area.md section 5): once a city and a complete zip are both chosen, the pair
 * is checked (POST check-location) and both are cleared when it fails. A pair the form started with
 * (an edit) or already checked is not asked again.
 */
export function useLocaleCheck(fields: FormField[], definitionForm: DefinitionForm, values: FormValues) {
  const pairs = localePairs(fields);
  const checked = useRef(new Set<string>());
  const started = useRef(false);
  const keys = pairs.map(({ city, zip }) => `${values[city] ?? ""}|${values[zip] ?? ""}`).join("\n");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the pairs' values (keys) are what change.
  useEffect(() => {
    if (!started.current) {
      // The values the form opens with are the stored ones: already checked when they were saved.
      started.current = true;
      for (const key of keys.split("\n")) checked.current.add(key);
      return;
    }
    const controllers: AbortController[] = [];
    for (const { city, zip } of pairs) {
      const cityValue = String(values[city] ?? "").trim();
      const zipValue = String(values[zip] ?? "").trim();
      const key = `${values[city] ?? ""}|${values[zip] ?? ""}`;
      if (cityValue === "" || !/^\d{5}$/.test(zipValue) || checked.current.has(key)) continue;
      checked.current.add(key);
      const controller = new AbortController();
      controllers.push(controller);
      checkLocation(cityValue, zipValue)
        .then(({ state }) => {
          if (state || controller.signal.aborted) return;
          const { form } = definitionForm;
          form.setValues({ [city]: "", [zip]: "" });
          form.setFieldError(zip, LOCALE_MISMATCH);
        })
        // The server checks the pair again on save; a failed check here blocks nothing.
        .catch(() => undefined);
    }
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, [keys]);
}
