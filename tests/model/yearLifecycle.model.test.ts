/**
 * The year's rule (server/organisations/yearActions.ts) proved on random walks (issue 24): from
 * every state a random sequence of actions reaches, staff can still bring the year to 100% and
 * enabled using only what the rule allows (no dead end); a result whose inputs changed is never
 * counted (the year cannot be enabled on it); a refused action says why. Pure and fast: 300 walks
 * of 40 steps in `npm test` (about 5 s); `npm run test:model` runs 20,000. The API walk
 * (yearLifecycle.api.test.ts) checks the same rule against the real calls.
 */
import { describe, expect, test } from "bun:test";
import { yearProgress } from "../../server/organisations/yearProgress.ts";
import { randomOf } from "../helpers/seededRandom.ts";
import {
  apply,
  CHANGES,
  type Change,
  changePossible,
  complete,
  type ModelAction,
  type ModelYear,
  newYear,
  rulesOf,
  snapshotOf,
} from "./yearModel.ts";

const WALKS = Number(process.env.MODEL_WALKS ?? 300);
const STEPS = Number(process.env.MODEL_STEPS ?? 40);
/** Seeds of walks that once failed, kept as named regressions (none has failed since the rule). */
const REGRESSIONS: Record<string, number> = {};

const ACTIONS = Object.keys(rulesOf(newYear())) as ModelAction[];
const ALL: ModelAction[] = [...ACTIONS, ...CHANGES];

/** A result whose inputs changed since it ran must not let the year be enabled. */
function staleResult(year: ModelYear): string | undefined {
  const snapshot = snapshotOf(year);
  const stale = [...Object.entries(snapshot.validations), ...Object.entries(snapshot.schemes)].find(
    ([, entry]) => entry?.outdated,
  );
  return stale?.[0];
}

const reached = { enabled: 0 };

function walk(seed: number) {
  const random = randomOf(seed);
  const verdict = () => random() < 0.6;
  let year = newYear();
  const trail: string[] = [];
  for (let step = 0; step < STEPS; step++) {
    const rules = rulesOf(year);
    // Most steps take an allowed step forward, so walks reach deep states (enabled, scored) too.
    const forward = [
      ...ACTIONS.filter((candidate) => rules[candidate as keyof typeof rules].allowed),
      ...(["submit_questionnaire", "validate_questionnaire"] as const).filter((change) =>
        changePossible(year, change),
      ),
    ];
    const pool = random() < 0.75 && forward.length > 0 ? forward : ALL;
    const action = pool[Math.floor(random() * pool.length)]!;
    if (action in rules) {
      const gate = rules[action as keyof typeof rules];
      // Every refusal says why, in words.
      if (gate.message.length < 10) throw new Error(`seed ${seed}: ${action} says only '${gate.message}'`);
      if (gate.allowed) year = apply(year, action, verdict);
    } else if (changePossible(year, action as Change)) {
      year = apply(year, action, verdict);
    }
    trail.push(action);
    if (year.enabled) reached.enabled++;
    const after = rulesOf(year);
    const stale = staleResult(year);
    if (stale && (after.enable.allowed || yearProgress(snapshotOf(year)).complete)) {
      throw new Error(`seed ${seed}, after ${trail.join(" > ")}: ${stale} is out of date yet counted`);
    }
    try {
      complete(year, verdict);
    } catch (error) {
      throw new Error(`seed ${seed}, after ${trail.join(" > ")}: ${(error as Error).message}`);
    }
  }
  return year;
}

describe("a year's lifecycle, on random walks over the rule", () => {
  test(`${WALKS} walks of ${STEPS} steps: no dead end, nothing stale counted`, () => {
    for (let seed = 1; seed <= WALKS; seed++) walk(seed);
    // The walks reach enabled years too (then replaced, renamed, ...), not only early states.
    console.info(`year model: ${WALKS} walks, ${reached.enabled} steps on an enabled year`);
    expect(reached.enabled).toBeGreaterThan(WALKS);
  });

  for (const [name, seed] of Object.entries(REGRESSIONS))
    test(`regression: ${name} (seed ${seed})`, () => {
      walk(seed);
    });

  test("the blocker of issue 24: a replaced, enabled year is generated again and enabled again", () => {
    let year = complete(newYear(), () => true);
    expect(year.enabled).toBe(true);
    year = apply(year, "upload", () => true);
    const rules = rulesOf(year);
    expect(year.enabled).toBe(false);
    expect(rules.facility_validation.allowed).toBe(true);
    expect(rules.service_capabilities.allowed).toBe(false); // waits for the validations
    expect(complete(year, () => true).enabled).toBe(true);
  });

  test("a facility renamed (and back) after review: validations run again, never 'already valid'", () => {
    let year = complete(newYear(), () => true);
    year = apply(
      apply(year, "rename_facility", () => true),
      "rename_facility",
      () => true,
    );
    const rules = rulesOf(year);
    expect(rules.facility_validation.allowed).toBe(true);
    expect(rules.facility_validate_anyway.allowed).toBe(false);
    expect(rules.enable.allowed).toBe(false);
    expect(complete(year, () => false).enabled).toBe(true);
  });
});
