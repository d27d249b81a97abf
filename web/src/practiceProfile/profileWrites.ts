import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { adminKeys } from "../admin/queries.ts";
import { sessionKeys } from "../session/queries.ts";

/**
 * Runs one facility, location or provider write, then re-reads what shows it: the customer detail
 * (the practice profile, the checklist) and, for staff, the back office's organisation answers
 * (the year detail's tables and validations marked out of date). Says what happened in a toast.
 * A failure is rethrown for the form to place its field errors.
 */
/** Every customer detail (own and dummy views): the prefix of session/queries.ts's keys. */
const customerDetailPrefix = sessionKeys.customer().slice(0, 2);

export function useProfileWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(call: () => Promise<T>, done: string): Promise<T> => {
      const answer = await call();
      notifications.show({ color: "green", message: done });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerDetailPrefix }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
      return answer;
    },
    [queryClient],
  );
}
