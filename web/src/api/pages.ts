/**
 * The paged lists of the API (server/http/pagination.ts): a page answers `next_cursor`, sent back
 * as `cursor` for the next one. TanStack's infinite queries hold the pages; a screen shows them
 * flattened, with a "Show more" button while a page follows.
 */
import type { PageAnswer } from "./answers.ts";

/** The options every paged list's infinite query shares. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: PageAnswer) => last.next_cursor ?? undefined,
};

/** The list's path with the page's cursor (none for the first page). */
export const pagePath = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}?cursor=${encodeURIComponent(cursor)}`;
