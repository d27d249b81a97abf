import type { Locator } from "playwright-core";

/**
 * A field of a server-rendered form by its label: Mantine writes a required field's label as
 * "NPI *" (the asterisk is aria-hidden), so an exact "NPI" would miss it and a loose one would also
 * match "Billing NPI".
 */
export const byLabel = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));
