import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { signOut } from "../api/auth.ts";
import { sessionKeys } from "./queries.ts";
import { markSignedOut } from "./signedOutNotice.ts";

/** The root of each area: where its logout goes (customer-area.md and admin-area.md: "goes to the root"). */
const AREA_ROOT = { client: "/", admin: "/administration" } as const;

/**
 * Logout (spec): revoke the session (the server clears the token cookie), forget everything cached
 * for it, and go to the root. The root (the customer's Home, the back office) needs a session, so
 * its guard sends the visitor on to the matching sign-in page, which says "You are signed out.":
 * a customer lands on /signin, staff on /administration/signin (not the customer's e-mail form).
 */
export function useSignOut(area: keyof typeof AREA_ROOT = "client") {
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
      markSignedOut();
      await navigate({ to: AREA_ROOT[area] });
    }
  };
  return { signOut: run, pending };
}
