import { Alert, Button, Group, Paper, Stack, Table, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { PhoneOrWide } from "../components/PhoneOrWide.tsx";
import sticky from "../components/StickyActions.module.css";

/**
 * A practice-profile list (facilities, providers): its title with an Add button, then its table,
 * or a red notice while the list is empty (customer-area.md section 2: at least one is needed).
 */
export function ProfileListSection({
  id,
  icon,
  title,
  addLabel,
  onAdd,
  emptyNotice,
  headers,
  children,
  phone,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  addLabel: string;
  onAdd: () => void;
  /** Shown instead of the table when the list is empty. */
  emptyNotice: string | undefined;
  /** The table's header cells; the rows are the children. */
  headers: ReactNode;
  children: ReactNode;
  /**
   * The list on a phone (a card per entry, docs/web-narrow-screens.md), when the table's columns do
   * not fit 390 px: the table scrolled sideways and its actions column covered the last ones.
   */
  phone?: ReactNode;
}) {
  const table = (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={6} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {headers}
            <Table.Th w={50} className={sticky.cell} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Paper p="md" id={id}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            {icon}
            <Title order={3}>{title}</Title>
          </Group>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
        {emptyNotice ? (
          <Alert color="red" variant="light">
            {emptyNotice}
          </Alert>
        ) : phone ? (
          <PhoneOrWide phone={phone} wide={table} />
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}
