import { Table, Text } from "@mantine/core";
import { IconEdit, IconStethoscope, IconTrash } from "@tabler/icons-react";
import type { ProviderView } from "../api/onboarding.ts";
import sticky from "../components/StickyActions.module.css";
import type { ProfileAction } from "./ProfileActionModals.tsx";
import { ProfileListSection } from "./ProfileListSection.tsx";
import { RowMenu } from "./RowMenu.tsx";

export const NO_PROVIDER_NOTICE = "At least one provider is needed";

/** The practice's providers with a row menu (edit, delete); a red notice while there is none. */
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
            <Text size="sm">{[provider.category, provider.ptype].filter(Boolean).join(" · ")}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{provider.full_address}</Text>
          </Table.Td>
          <Table.Td className={sticky.cell}>
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
          </Table.Td>
        </Table.Tr>
      ))}
    </ProfileListSection>
  );
}
