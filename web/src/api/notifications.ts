import type { NotificationDeletedAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";

/** DELETE one's own notification or finished task (admin-area.md section 7). */
export function deleteNotification(kind: "client" | "admin", id: string) {
  const area = kind === "admin" ? "admin" : "customer";
  return apiRequest<NotificationDeletedAnswer>(`/api/management/${area}/notification/`, {
    method: "DELETE",
    body: { id },
  });
}
