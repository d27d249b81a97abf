import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconEdit, IconPlus, IconStethoscope, IconTrash } from "@tabler/icons-react";
import type { ProviderView } from "../api/onboarding.ts";
import type { ProfileAction } from "./ProfileActionModals.tsx";
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
    <Paper p="md" id="providers">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconStethoscope size={20} />
            <Title order={3}>Providers</Title>
          </Group>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onAction({ kind: "provider-add" })}
          >
            Add provider
          </Button>
        </Group>
        {providers.length === 0 ? (
          <Alert color="red" variant="light">
            {NO_PROVIDER_NOTICE}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={6} aria-label="Providers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={120}>NPI</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                    <Table.Td>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
