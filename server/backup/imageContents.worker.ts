/**
 * Loads a PGlite image (a backup's database tar) into an in-memory PGlite and reads what it names
 * (snapshot.ts readContents): off the server's event loop, which loading the copy held for about a
 * second at 1m. Posts `{ contents }` or `{ error }`.
 */
import { PGlite } from "@electric-sql/pglite";
import { readContents } from "./snapshot.ts";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  try {
    const copy = await PGlite.create({ loadDataDir: new Blob([event.data]) });
    try {
      const contents = await readContents(
        async (text) => (await copy.query(text)).rows as Record<string, unknown>[],
      );
      self.postMessage({ contents });
    } finally {
      await copy.close();
    }
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
