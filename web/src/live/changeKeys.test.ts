import { describe, expect, test } from "bun:test";
import { stateTopics } from "../../../server/live/messages.ts";
import { adminKeys } from "../admin/queries.ts";
import { sessionKeys } from "../session/queries.ts";
import { CHANGE_KEYS, keysOfChange } from "./changeKeys.ts";

const includes = (keys: readonly unknown[][], key: readonly unknown[]) =>
  keys.some((candidate) => JSON.stringify(candidate) === JSON.stringify(key));

describe("a state change re-reads the screens that show it", () => {
  test("every topic the server publishes has its queries", () => {
    expect(Object.keys(CHANGE_KEYS).sort()).toEqual([...stateTopics].sort());
  });

  test("every change re-reads the session (Home checklist, enabled years) and the back office", () => {
    for (const topic of stateTopics) {
      const keys = keysOfChange({ type: "changed", organisation: crypto.randomUUID(), year: 2024, topic });
      expect(includes(keys as unknown[][], [...sessionKeys.all])).toBe(true);
      expect(includes(keys as unknown[][], [...adminKeys.all])).toBe(true);
    }
  });

  test("a year's change re-reads the analyses' menu and answers; a questionnaire's its own screen", () => {
    expect(includes(CHANGE_KEYS.year as unknown[][], ["queries", "manifest"])).toBe(true);
    expect(includes(CHANGE_KEYS.year as unknown[][], ["queries", "run"])).toBe(true);
    expect(includes(CHANGE_KEYS.questionnaire as unknown[][], ["questionnaire"])).toBe(true);
  });
});
