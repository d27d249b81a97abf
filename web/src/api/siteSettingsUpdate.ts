import type { SiteSettings } from "./answers.ts";
import { apiRequest } from "./client.ts";

/** The three rich texts of Manage contents, as the POST names them (contents {about|licence|copyright}). */
export type ContentName = "about" | "licence" | "copyright";

/** Texts of the query screens and the scoring screen, by querieN or 'scoring', field by field. */
export type QueryTexts = Record<string, Record<string, string>>;

const PATH = "/api/management/admin/sitesettings/";

/** POST one rich text; answers every setting as stored (the HTML sanitised by the server). */
export const updateContent = (name: ContentName, html: string) =>
  apiRequest<SiteSettings>(PATH, { method: "POST", body: { contents: { [name]: html } } });

/** POST query texts (all ten queries, or the scoring); answers every setting as stored. */
export const updateQueryTexts = (queries: QueryTexts) =>
  apiRequest<SiteSettings>(PATH, { method: "POST", body: { queries } });
