import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import type { ReactNode } from "react";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : (parts[0]?.slice(0, 2) ?? "?")
  ).toUpperCase();
}

/** The avatar with the user's name; its menu items are given by the bar (client and admin differ). */
export function UserMenu({
  name,
  email,
  picture,
  children,
}: {
  name: string;
  email: string;
  picture?: string | null;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        {/* Named by what it shows, then what it is (WCAG 2.5.3, label in name): "Demo Admin Account
            menu"; the initials are only a picture. */}
        <UnstyledButton>
          <Group gap={8} wrap="nowrap">
            <Avatar src={picture ?? undefined} alt="" aria-hidden radius="xl" size={32} color="vitality">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {name}
            </Text>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {email}
          </Text>
        </Menu.Label>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
