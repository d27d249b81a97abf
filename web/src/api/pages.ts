/**
 * The paged lists of the API (server/http/pagination.ts): a page answers `next_cursor`, sent back
 * as `cursor` for the next one. TanStack's infinite queries hold the pages; a screen shows them
 * flattened, with a "Show more" button while a page follows.
 */

/** An answer with a cursor to the next page (null on the last). */
export interface Paged {
  next_cursor: string | null;
}

/** The options every paged list's infinite query shares. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: Paged) => last.next_cursor ?? undefined,
};

/** The list's path with the page's cursor (none for the first page). */
export const pagePath = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}?cursor=${encodeURIComponent(cursor)}`;
