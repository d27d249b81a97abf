import type { HttpClient } from "./httpClient.ts";

/**
 * The answers of the analyses as the client reads them for `year`, each as its status and its
 * text: compared byte for byte before and after something that must not change them (a backup and
 * restore, a full disk).
 */
export async function analysisAnswers(client: HttpClient, analyses: readonly string[], year: number) {
  const answers: Record<string, string> = {};
  for (const analysis of analyses) {
    const answer = await client.post(`/api/management/queries/${analysis}`, { filters: { year } });
    answers[analysis] = `${answer.status} ${answer.text}`;
  }
  return answers;
}
