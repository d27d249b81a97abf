/**
 * Whether a query screen may run its analysis yet (customer-area.md: once the organisation is
 * initialized, the user sees analyses). Opened by its address before that, the screen says so
 * plainly instead of sending a run the server refuses ("filters.year: the organisation has no data
 * yet") and of reading the missing default year as a wrong filter in the address.
 */
export const ANALYSES_NOT_OPEN_TITLE = "The analyses are not open yet";
export const ANALYSES_NOT_OPEN =
  "The analyses open once Vitality has reviewed your organisation's data. You will be told when they are ready.";

export function analysesClosed({
  initialized,
  availableYears,
}: {
  /** The organisation's flag; undefined while its detail loads (not known: not closed). */
  initialized: boolean | undefined;
  /** The manifest's open years; undefined while it loads. */
  availableYears: number[] | undefined;
}): boolean {
  return initialized === false || (availableYears !== undefined && availableYears.length === 0);
}
