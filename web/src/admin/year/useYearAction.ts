import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "../queries.ts";

/**
 * A year-detail action: runs the call, then re-reads the back-office answers (the live channel
 * patches them too as the job moves). Failures stay on the mutation for the panel to show.
 */
export function useYearAction<Variables = void, Result = unknown>(
  call: (variables: Variables) => Promise<Result>,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
