import { Group, Paper, Stack, Table, Text } from "@mantine/core";
import { IconEdit, IconStethoscope, IconTrash } from "@tabler/icons-react";
import type { ProviderView } from "../api/onboarding.ts";
import sticky from "../components/StickyActions.module.css";
import type { ProfileAction } from "./ProfileActionModals.tsx";
import { ProfileListSection } from "./ProfileListSection.tsx";
import { RowMenu } from "./RowMenu.tsx";

export const NO_PROVIDER_NOTICE = "At least one provider is needed";

const categoryOf = (provider: ProviderView) =>
  [provider.category, provider.ptype].filter(Boolean).join(" · ");

/** A provider's menu (edit, delete), in its table row and on its phone card. */
function ProviderMenu({
  provider,
  onAction,
}: {
  provider: ProviderView;
  onAction: (action: ProfileAction) => void;
}) {
  return (
    <RowMenu
      label={`Actions for ${provider.full_name}`}
      items={[
        {
          label: "Edit",
          icon: <IconEdit size={14} />,
          onClick: () => onAction({ kind: "provider-edit", provider }),
        },
        {
          label: "Delete",
          icon: <IconTrash size={14} />,
          color: "red",
          onClick: () => onAction({ kind: "provider-delete", provider }),
        },
      ]}
    />
  );
}

/**
 * The practice's providers with a row menu (edit, delete); a red notice while there is none.
 * On a phone a card per provider: name, category and type, NPI and address with its menu (the
 * table's Category and Address did not fit 390 px).
 */
export function ProvidersSection({
  providers,
  onAction,
}: {
  providers: ProviderView[];
  onAction: (action: ProfileAction) => void;
}) {
  return (
    <ProfileListSection
      id="providers"
      icon={<IconStethoscope size={20} />}
      title="Providers"
      addLabel="Add provider"
      onAdd={() => onAction({ kind: "provider-add" })}
      emptyNotice={providers.length === 0 ? NO_PROVIDER_NOTICE : undefined}
      phone={
        <Stack gap="xs" role="list" aria-label="Providers">
          {providers.map((provider) => (
            <Paper
              key={provider.id}
              withBorder
              p="sm"
              role="listitem"
              data-provider-card={provider.full_name}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={600}>{provider.full_name}</Text>
                  <Text size="sm">{categoryOf(provider)}</Text>
                  <Text size="sm" c="dimmed">
                    NPI {provider.npi}
                    {provider.full_address ? ` · ${provider.full_address}` : ""}
                  </Text>
                </Stack>
                <ProviderMenu provider={provider} onAction={onAction} />
              </Group>
            </Paper>
          ))}
        </Stack>
      }
      headers={
        <>
          <Table.Th w={120}>NPI</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Address</Table.Th>
        </>
      }
    >
      {providers.map((provider) => (
        <Table.Tr key={provider.id} data-provider={provider.full_name}>
          <Table.Td>{provider.npi}</Table.Td>
          <Table.Td fw={600}>{provider.full_name}</Table.Td>
          <Table.Td>
            <Text size="sm">{categoryOf(provider)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{provider.full_address}</Text>
          </Table.Td>
          <Table.Td className={sticky.cell}>
            <ProviderMenu provider={provider} onAction={onAction} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ProfileListSection>
  );
}
