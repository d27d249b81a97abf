import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { signOut } from "../api/auth.ts";
import { sessionKeys } from "./queries.ts";

/**
 * Logout (spec): revoke the session (the server clears the token cookie), forget everything cached
 * for it, and go to the root, whose guard then sends the visitor to sign-in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await signOut();
    } catch {
      // Even if the server cannot be reached the user wants out: drop the local state regardless.
    } finally {
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.customer(), { logged: false });
      queryClient.setQueryData(sessionKeys.admin, { logged: false });
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] === sessionKeys.all[0] &&
          query.queryKey[1] === "customer" &&
          query.queryKey[2] !== "self",
      });
      setPending(false);
      await navigate({ to: "/" });
    }
  };
  return { signOut: run, pending };
}
