import { queryOptions } from "@tanstack/react-query";
import type { Faq, FaqAnswer, FaqsAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";

/** A help-centre question (admin-area.md section 3, FAQ). */
export type { Faq };

const PATH = "/api/management/helpcenter/";

export const helpcenterKey = ["helpcenter"] as const;

/** Customers get the active questions, promoted ones first; staff get all of them. */
export const helpcenterQuery = () =>
  queryOptions({
    queryKey: helpcenterKey,
    queryFn: async () => (await apiRequest<FaqsAnswer>(PATH)).faqs,
  });

/** POST {faq: {question, answer}} -> the added faq (appended to the list). */
export async function addFaq(faq: { question: string; answer: string }): Promise<Faq> {
  return (await apiRequest<FaqAnswer>(PATH, { method: "POST", body: { faq } })).faq;
}

/** PATCH {id, data: whole FAQ} -> the whole list, which replaces the one held. */
export async function updateFaq(faq: Faq): Promise<Faq[]> {
  return (await apiRequest<FaqsAnswer>(PATH, { method: "PATCH", body: { id: faq.id, data: faq } })).faqs;
}

/** DELETE {id} -> the remaining list. */
export async function removeFaq(id: number): Promise<Faq[]> {
  return (await apiRequest<FaqsAnswer>(PATH, { method: "DELETE", body: { id } })).faqs;
}
