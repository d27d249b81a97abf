/** The colour of a live toast by its status value (admin-area.md section 4: 'styled by status'). */
export function statusColor(status: string): string {
  switch (status.toLowerCase()) {
    case "success":
    case "done":
    case "valid":
      return "green";
    case "error":
    case "failed":
    case "danger":
      return "red";
    case "warning":
    case "validate_anyway":
      return "orange";
    default:
      // info, running, pending: the product's own colour.
      return "blue";
  }
}

/** A toast stays 5 seconds (admin-area.md section 9). */
export const TOAST_MS = 5000;

/** A task still moving: its toast shows a progress bar and its popover row keeps the bar. */
export const isRunning = (item: { progress: number; status: string }) =>
  item.progress < 100 && !["error", "failed", "success", "done"].includes(item.status.toLowerCase());
