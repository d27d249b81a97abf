import type { NotificationDeletedAnswer, NotificationPageAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import { pagePath } from "./pages.ts";
import type { RemoveNotificationBody } from "./requests.ts";

const pathOf = (kind: "client" | "admin") =>
  `/api/management/${kind === "admin" ? "admin" : "customer"}/notification/`;

/** DELETE one's own notification or finished task (admin-area.md section 7). */
export function deleteNotification(kind: "client" | "admin", id: string) {
  return apiRequest<NotificationDeletedAnswer, RemoveNotificationBody>(pathOf(kind), {
    method: "DELETE",
    body: { id },
  });
}

/**
 * GET a page of one's own stored notifications, newest first (pages.ts): the bell's older ones,
 * beyond the newest the session detail carries.
 */
export function fetchNotificationPage(kind: "client" | "admin", cursor: string | undefined) {
  const path = pagePath(pathOf(kind), cursor);
  return apiRequest<NotificationPageAnswer>(`${path}${path.includes("?") ? "&" : "?"}type=notification`);
}
