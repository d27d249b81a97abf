import { type InfiniteData, infiniteQueryOptions } from "@tanstack/react-query";
import type { Faq, FaqAnswer, FaqPageAnswer, FaqsAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import { cursorPaging, pagePath } from "./pages.ts";
import type { AddFaqBody, ChangeFaqBody, RemoveFaqBody } from "./requests.ts";

/** A help-centre question (admin-area.md section 3, FAQ). */
export type { Faq };

const PATH = "/api/management/helpcenter/";

export const helpcenterKey = ["helpcenter"] as const;

/**
 * Customers get the active questions, promoted ones first; staff get all of them; a page at a time
 * (pages.ts), shown as one list (`data` is the questions of the pages read) with "Show more".
 */
export const helpcenterQuery = () =>
  infiniteQueryOptions({
    queryKey: helpcenterKey,
    queryFn: ({ signal, pageParam }) => apiRequest<FaqPageAnswer>(pagePath(PATH, pageParam), { signal }),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.faqs),
  });

type FaqPages = InfiniteData<FaqPageAnswer, string | undefined>;

/** The whole list a change answers, held as one last page (nothing follows it). */
export const asOnePage = (faqs: Faq[]): FaqPages => ({
  pages: [{ status: 200, faqs, next_cursor: null }],
  pageParams: [undefined],
});

/** A question added: at the end of the last page read (it is the newest). */
export function withAdded(pages: FaqPages | undefined, faq: Faq): FaqPages {
  if (!pages || pages.pages.length === 0) return asOnePage([faq]);
  const last = pages.pages.at(-1)!;
  return { ...pages, pages: [...pages.pages.slice(0, -1), { ...last, faqs: [...last.faqs, faq] }] };
}

/** POST {faq: {question, answer}} -> the added faq (appended to the list). */
export async function addFaq(faq: AddFaqBody["faq"]): Promise<Faq> {
  return (await apiRequest<FaqAnswer, AddFaqBody>(PATH, { method: "POST", body: { faq } })).faq;
}

/** PATCH {id, data: whole FAQ} -> the whole list, which replaces the one held. */
export async function updateFaq(faq: Faq): Promise<Faq[]> {
  return (
    await apiRequest<FaqsAnswer, ChangeFaqBody>(PATH, { method: "PATCH", body: { id: faq.id, data: faq } })
  ).faqs;
}

/** DELETE {id} -> the remaining list. */
export async function removeFaq(id: number): Promise<Faq[]> {
  return (await apiRequest<FaqsAnswer, RemoveFaqBody>(PATH, { method: "DELETE", body: { id } })).faqs;
}
