import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * Values every server process sharing the database must agree on, made once by whichever process
 * needs one first (insert ... on conflict do nothing, then read back): the generated SECRET_KEY
 * when none is configured, the mark that the demo was seeded.
 */
export const appSettings = pgTable("app_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
