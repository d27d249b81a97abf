import type { SiteSettings } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { SiteSettingsBody } from "./requests.ts";

/** The three rich texts of Manage contents, as the POST names them (contents {about|licence|copyright}). */
export type ContentName = keyof NonNullable<SiteSettingsBody["contents"]>;

/** Texts of the query screens and the scoring screen, by querieN or 'scoring', field by field. */
export type QueryTexts = NonNullable<SiteSettingsBody["queries"]>;

const PATH = "/api/management/admin/sitesettings/";

/** POST one rich text; answers every setting as stored (the HTML sanitised by the server). */
export const updateContent = (name: ContentName, html: string) =>
  apiRequest<SiteSettings, SiteSettingsBody>(PATH, { method: "POST", body: { contents: { [name]: html } } });

/** POST query texts (all ten queries, or the scoring); answers every setting as stored. */
export const updateQueryTexts = (queries: QueryTexts) =>
  apiRequest<SiteSettings, SiteSettingsBody>(PATH, { method: "POST", body: { queries } });
