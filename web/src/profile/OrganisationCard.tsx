import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Organization } from "../api/answers.ts";
import { updateOrganisationLogo } from "../api/profile.ts";
import { sessionKeys } from "../session/queries.ts";
import { PictureField } from "./PictureField.tsx";
import { pictureError } from "./profileErrors.ts";

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </Stack>
  );
}

/** The organisation's information and its logo, which only its admins (is_staff) change. */
export function OrganisationCard({
  organization,
  canChangeLogo,
}: {
  organization: Organization;
  canChangeLogo: boolean;
}) {
  const queryClient = useQueryClient();
  const logo = useMutation({
    mutationFn: (file: File) => updateOrganisationLogo(organization.id, file),
    onSuccess: async () => {
      notifications.show({ color: "green", message: "The logo is saved." });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
  return (
    <Paper p="md" withBorder radius="md" component="section" aria-label="Organisation">
      <Title order={4} mb="md">
        Organisation
      </Title>
      <Stack gap="md">
        <PictureField
          src={organization.logo}
          name={organization.name}
          label={`${organization.name} logo`}
          buttonLabel="Change logo"
          radius="md"
          readOnly={!canChangeLogo}
          pending={logo.isPending}
          error={pictureError(logo.error, "image")}
          onPick={(file) => logo.mutate(file)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Info label="Name" value={organization.name} />
          <Info label="Address" value={organization.full_address} />
          <Info label="Phone 1" value={organization.phone_1} />
          <Info label="Phone 2" value={organization.phone_2} />
          <Info label="Fax" value={organization.fax} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
