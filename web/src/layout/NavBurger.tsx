import { Burger } from "@mantine/core";
import { NAV_BREAKPOINT } from "./narrowNav.ts";

export const NAV_DRAWER_ID = "navigation-drawer";

/** The burger of the narrow bars: opens and closes the navigation drawer, hidden on wide screens. */
export function NavBurger({
  opened,
  onClick,
  color,
}: {
  opened: boolean;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Burger
      opened={opened}
      onClick={onClick}
      hiddenFrom={NAV_BREAKPOINT}
      size="sm"
      color={color}
      aria-label={opened ? "Close navigation" : "Open navigation"}
      aria-expanded={opened}
      aria-controls={NAV_DRAWER_ID}
    />
  );
}
