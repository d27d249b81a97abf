import { boolean, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

export const faqs = pgTable("faqs", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  promote: boolean("promote").notNull().default(false),
  active: boolean("active").notNull().default(true),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

export const siteSettingKeys = ["contents", "queries"] as const;

/**
 * Site-wide editable texts: 'contents' holds aboutText, licenceText, copyrightText (rich-text HTML);
 * 'queries' holds the texts of the analyses (querie1, querie2, ...) and scoring (title, description, chart and table titles).
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key", { enum: siteSettingKeys }).primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
