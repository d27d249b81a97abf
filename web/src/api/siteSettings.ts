import { queryOptions } from "@tanstack/react-query";
import type { SiteSettings } from "./answers.ts";
import { apiRequest } from "./client.ts";

/** The staff-edited texts of the About, Licence and Copyright modals; they rarely change. */
export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: ["site-settings"],
    queryFn: () => apiRequest<SiteSettings>("/api/management/admin/sitesettings/"),
    staleTime: 5 * 60_000,
    retry: 1,
  });
