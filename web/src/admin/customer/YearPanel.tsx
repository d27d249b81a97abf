import { Alert, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteServiceArea, type ServiceAreaEntry } from "../../api/adminOrganisations.ts";
import type { AdminOrganization } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { adminKeys } from "../queries.ts";
import { FileArea } from "../shared/FileArea.tsx";
import { ServiceAreaTable } from "../shared/ServiceAreaTable.tsx";

/** The per-year providing panel: the year picker, the year's file area and its service area table. */
export function YearPanel({
  organization,
  year,
  onYearChange,
  canEdit,
}: {
  organization: AdminOrganization;
  year: number | undefined;
  onYearChange: (year: number) => void;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const years = Object.keys(organization.datas ?? {}).sort();
  const data = year === undefined ? undefined : organization.datas?.[String(year)];
  const remove = useMutation({
    mutationFn: (zipcode: ServiceAreaEntry) => deleteServiceArea(organization.id, year ?? 0, [zipcode]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <Paper p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Providing</Title>
        <Select
          aria-label="Year"
          placeholder={years.length === 0 ? "No available year" : "Year"}
          data={years}
          value={year === undefined ? null : String(year)}
          onChange={(value) => value && onYearChange(Number(value))}
          w={120}
          allowDeselect={false}
        />
      </Group>
      {data && year !== undefined ? (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Data file
            </Text>
            <FileArea organizationId={organization.id} year={year} file={data.file} canUpload={canEdit} />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Service area ({data.service_area.length} zips)
            </Text>
            <ServiceAreaTable
              items={data.service_area}
              onDelete={
                canEdit ? (item) => remove.mutate({ zipcode: item.zipcode, type: item.type }) : undefined
              }
            />
            {remove.error ? (
              <Alert color="red" variant="light">
                {errorMessage(remove.error)}
              </Alert>
            ) : null}
          </Stack>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No available year
        </Text>
      )}
    </Paper>
  );
}
