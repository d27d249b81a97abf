import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconEdit } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type OrganizationFields, updateOrganization } from "../../api/adminOrganisations.ts";
import type { AdminOrganization } from "../../api/answers.ts";
import { adminKeys } from "../queries.ts";
import { OrganizationFormModal } from "../shared/OrganizationFormModal.tsx";

/** Customer info: name, address, phones and fax, with Edit (site admins). */
export function CustomerInfoPanel({
  organization,
  canEdit,
}: {
  organization: AdminOrganization;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: (fields: OrganizationFields) => updateOrganization(organization.id, fields),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const line = (label: string, value: string | undefined) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={80}>
        {label}
      </Text>
      <Text size="sm">{value?.trim() ? value : "—"}</Text>
    </Group>
  );
  return (
    <Paper p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Customer info</Title>
        {canEdit ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={14} />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        ) : null}
      </Group>
      <Stack gap={6}>
        {line("Name", organization.name)}
        {line("Address", organization.full_address)}
        {line("Phone 1", organization.phone_1)}
        {line("Phone 2", organization.phone_2)}
        {line("Fax", organization.fax)}
        <Group gap="xs">
          <Text size="sm" c="dimmed" w={80}>
            Agreement
          </Text>
          <Badge size="sm" variant="light" color={organization.agreement_accepted ? "green" : "gray"}>
            {organization.agreement_accepted ? "Accepted" : "Not accepted yet"}
          </Badge>
        </Group>
      </Stack>
      {save.error && !editing ? <Alert color="red">{String(save.error)}</Alert> : null}
      <OrganizationFormModal
        opened={editing}
        title={`Edit ${organization.name}`}
        initial={{
          name: organization.name,
          address: organization.address ?? "",
          locale: organization.locale ?? "",
          locale_zip: organization.locale_zip ?? "",
          phone_1: organization.phone_1,
          phone_2: organization.phone_2,
          fax: organization.fax,
        }}
        onSubmit={(fields) => save.mutateAsync(fields)}
        onClose={() => {
          save.reset();
          setEditing(false);
        }}
      />
    </Paper>
  );
}
