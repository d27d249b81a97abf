import { Badge, Box, Group, Menu } from "@mantine/core";
import { IconLogout, IconUser } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { AdminDetail } from "../api/types.ts";
import { ButtonLink, MenuItemLink } from "../components/links.tsx";
import { useSignOut } from "../session/useSignOut.ts";
import { BrandMark } from "./BrandMark.tsx";
import classes from "./Header.module.css";
import { NotificationBell } from "./NotificationBell.tsx";
import navClasses from "./nav.module.css";
import { TasksPopover } from "./TasksPopover.tsx";
import { UserMenu } from "./UserMenu.tsx";

/** The back office bar. Agents see only Customers and Helpcenter, and no tasks or bell (admin spec §6). */
export function AdminHeader({ detail }: { detail: AdminDetail }) {
  const { profile } = detail;
  const isAgent = profile.is_agent;
  const { signOut } = useSignOut();
  return (
    <Box className={classes.header}>
      <Group className={classes.topRow} justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          <Link to="/administration" className={classes.brandLink} aria-label="Administration home">
            <BrandMark caption="Administration" />
          </Link>
          <Group gap={4} wrap="nowrap" component="nav" aria-label="Administration">
            <AdminNavLink to="/administration/customers" label="Customers" />
            {isAgent ? null : <AdminNavLink to="/administration/advisoryboard" label="Advisory board" />}
            <AdminNavLink to="/administration/helpcenter" label="Helpcenter" />
            {isAgent ? null : <AdminNavLink to="/administration/settings/contents" label="Contents" />}
            {isAgent ? null : <AdminNavLink to="/administration/settings/parameters" label="Parameters" />}
            {isAgent ? null : <AdminNavLink to="/administration/mailbox" label="Mailbox" />}
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

type AdminPath =
  | "/administration/customers"
  | "/administration/advisoryboard"
  | "/administration/helpcenter"
  | "/administration/settings/contents"
  | "/administration/settings/parameters"
  | "/administration/mailbox";

function AdminNavLink({ to, label }: { to: AdminPath; label: string }) {
  return (
    <ButtonLink to={to} variant="subtle" className={navClasses.navButton} activeOptions={{ exact: false }}>
      {label}
    </ButtonLink>
  );
}
