/**
 * Two test apps on one PostgreSQL database play two server processes (startTestApp's
 * shareDatabaseWith); these helpers carry a browser from one to the other and wait for the cache
 * invalidations one process sends the other.
 */
import { HttpClient } from "../../../tests/helpers/httpClient.ts";
import type { TestApp } from "../../../tests/helpers/testApp.ts";
import type { Invalidation } from "../../live/hub.ts";

/** Resolves when `t` hears an invalidation of `topic`; call it before the change is made. */
export function nextInvalidation(t: TestApp, topic: string, ms = 2000) {
  return new Promise<Invalidation>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no '${topic}' invalidation reached the other process within ${ms} ms`));
    }, ms);
    const off = t.context.live.onInvalidation((message) => {
      if (message.topic !== topic) return;
      clearTimeout(timer);
      off();
      resolve(message);
    });
  });
}

/** The same browser (its cookies) talking to another process. */
export function inProcess(t: TestApp, browser: HttpClient) {
  const client = new HttpClient(t.app);
  for (const [name, value] of browser.cookies) client.cookies.set(name, value);
  return client;
}
