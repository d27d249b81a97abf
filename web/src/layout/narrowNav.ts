import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";

/**
 * Below this Mantine breakpoint (62em = 992 px) the bars keep only the brand, the bell, the tasks and
 * the avatar; their navigation (theme groups, product menu, back-office screens) folds into one
 * drawer opened by the burger. 992 px is where the customer's four theme groups and the back office's
 * six screens stop fitting on one row beside the brand and the account tools.
 */
export const NAV_BREAKPOINT = "md";
const WIDE = "(min-width: 62em)";

/** Whether the navigation drawer is open; it closes on every navigation and when the window widens. */
export function useNavDrawer() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const wide = useMediaQuery(WIDE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input.
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);
  return { opened, toggle, close };
}

/** The AppShell navbar settings of every signed-in shell: hidden on wide screens, a drawer below. */
export function drawerNavbar(opened: boolean) {
  return {
    width: 300,
    breakpoint: NAV_BREAKPOINT,
    collapsed: { mobile: !opened, desktop: true },
  } as const;
}
