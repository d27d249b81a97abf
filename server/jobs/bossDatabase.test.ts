import { expect, test } from "bun:test";
import { openDatabase } from "../db/client.ts";
import { bossDatabase } from "./bossDatabase.ts";

const PENDING = Symbol("still pending");
const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, Bun.sleep(ms).then(() => PENDING)]);

test("pg-boss's statements on PGlite: answered while open; after the close, left pending instead of failing", async () => {
  const database = await openDatabase({ dataDir: "memory://" });
  const boss = bossDatabase(database);
  expect(await boss.executeSql("SELECT $1::int AS count", [3])).toEqual({ rows: [{ count: 3 }] });
  await database.close();
  // pg-boss's unawaited `fail` reads rows[0].count of its answer: any answer here would throw.
  expect(await settledWithin(boss.executeSql("SELECT $1::int AS count", [1]), 100)).toBe(PENDING);
  expect(await settledWithin(boss.executeSql("SELECT 1"), 100)).toBe(PENDING);
});
