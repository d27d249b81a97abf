import { useEffect, useState } from "react";

/**
 * "You are signed out.": set by the logout, shown once by the sign-in page it lands on. The logout
 * goes to its area's root, whose guard then redirects to sign-in, so the flag has to outlive that
 * redirect; sessionStorage keeps it in this tab only, and the page that shows it clears it.
 */
const KEY = "vitality.signedOut";

export const SIGNED_OUT_MESSAGE = "You are signed out.";

export function markSignedOut() {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage refused: the sign-in page simply shows no notice.
  }
}

function signedOutJustNow() {
  try {
    return sessionStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** True on the sign-in page a logout landed on (read on mount, then cleared: shown once). */
export function useSignedOutNotice(): boolean {
  const [shown] = useState(signedOutJustNow);
  useEffect(() => {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing to clear.
    }
  }, []);
  return shown;
}
