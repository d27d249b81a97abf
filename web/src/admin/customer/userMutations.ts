import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  addCustomerUser,
  type CustomerUserChange,
  type NewCustomerUser,
  updateCustomerUser,
} from "../../api/customerUsers.ts";
import { sessionKeys } from "../../session/queries.ts";
import { adminKeys } from "../queries.ts";

/**
 * The Users table's writes. Each one reloads the organisation (and the customers list, whose Users
 * column counts them) and says what happened in a toast. Form errors stay in the form's modal; the
 * caller reads them from the mutation.
 */
function useReloadOrganisations() {
  const queryClient = useQueryClient();
  // The back office's organisations, and the customer's own detail (its profile shows this table too).
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.customer() }),
    ]);
}

export function useAddUser(organizationId: string) {
  const reload = useReloadOrganisations();
  return useMutation({
    mutationFn: (user: NewCustomerUser) => addCustomerUser(organizationId, user),
    onSuccess: async ({ user }) => {
      notifications.show({ color: "green", message: `${user.username} (${user.email}) is added.` });
      await reload();
    },
  });
}

/** What a change did, for its toast. */
function changeMessage(change: CustomerUserChange, username: string): string {
  if (change.blocked === true) return `${username} is blocked; their sessions have ended.`;
  if (change.blocked === false) return `${username} is unblocked.`;
  return `${username} is saved.`;
}

export function useUpdateUser() {
  const reload = useReloadOrganisations();
  return useMutation({
    mutationFn: updateCustomerUser,
    onSuccess: async ({ user }, change) => {
      notifications.show({ color: "green", message: changeMessage(change, user.username) });
      await reload();
    },
  });
}
