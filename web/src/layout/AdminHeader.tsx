import { Badge, Box, Group, Menu } from "@mantine/core";
import { IconLogout, IconUser } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { AdminDetail } from "../api/answers.ts";
import { ButtonLink, MenuItemLink } from "../components/links.tsx";
import { useSignOut } from "../session/useSignOut.ts";
import { type AdminPath, adminScreens } from "./adminScreens.ts";
import { BrandMark } from "./BrandMark.tsx";
import classes from "./Header.module.css";
import { NavBurger } from "./NavBurger.tsx";
import { NotificationBell } from "./NotificationBell.tsx";
import { NAV_BREAKPOINT } from "./narrowNav.ts";
import navClasses from "./nav.module.css";
import { TasksPopover } from "./TasksPopover.tsx";
import { UserMenu } from "./UserMenu.tsx";

/**
 * The back office bar. Agents see only Customers and Helpcenter, and no tasks or bell (admin spec §6).
 * On narrow screens the screens' links move into the drawer the burger opens; the tools stay.
 */
export function AdminHeader({
  detail,
  drawerOpened,
  onBurger,
}: {
  detail: AdminDetail;
  drawerOpened: boolean;
  onBurger: () => void;
}) {
  const { profile } = detail;
  const isAgent = profile.is_agent;
  const { signOut } = useSignOut("admin");
  return (
    <Box className={classes.header}>
      <Group className={classes.topRow} justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap" className={classes.brandGroup}>
          <NavBurger opened={drawerOpened} onClick={onBurger} />
          <Link to="/administration" className={classes.brandLink} aria-label="Vitality Administration, home">
            <BrandMark caption="Administration" />
          </Link>
          <Group
            gap={4}
            wrap="nowrap"
            component="nav"
            aria-label="Administration"
            visibleFrom={NAV_BREAKPOINT}
          >
            {adminScreens(detail).map((screen) => (
              <AdminNavLink key={screen.to} to={screen.to} label={screen.label} />
            ))}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {isAgent ? <Badge variant="light">Agent</Badge> : null}
          {isAgent ? null : <TasksPopover />}
          {isAgent ? null : <NotificationBell />}
          <UserMenu name={profile.username} email={profile.email} picture={profile.picture}>
            <MenuItemLink to="/administration/profile" leftSection={<IconUser size={16} />}>
              Profile
            </MenuItemLink>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
              Logout
            </Menu.Item>
          </UserMenu>
        </Group>
      </Group>
    </Box>
  );
}

function AdminNavLink({ to, label }: { to: AdminPath; label: string }) {
  return (
    <ButtonLink to={to} variant="subtle" className={navClasses.navButton} activeOptions={{ exact: false }}>
      {label}
    </ButtonLink>
  );
}
