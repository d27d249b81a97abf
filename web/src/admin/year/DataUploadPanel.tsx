import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import {
  checkServiceArea,
  deleteServiceArea,
  removeYear,
  type ServiceAreaEntry,
} from "../../api/adminOrganisations.ts";
import type { AdminOrganization, YearData } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { UploadWarnings } from "../../uploads/UploadReport.tsx";
import { AddServiceAreaModal } from "../modals/AddServiceAreaModal.tsx";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { FileArea } from "../shared/FileArea.tsx";
import { ServiceAreaTable } from "../shared/ServiceAreaTable.tsx";
import { fileDisplay } from "../yearState.ts";
import { DeleteWarning } from "./DeleteWarning.tsx";
import { useYearAction } from "./useYearAction.ts";
import { VersionsPanel } from "./VersionsPanel.tsx";

/** Data upload: the year's file (with delete), and its service area (add by paste, reload, remove). */
export function DataUploadPanel({
  organization,
  year,
  data,
  canEdit,
}: {
  organization: AdminOrganization;
  year: number;
  data: YearData;
  canEdit: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [deletingFile, setDeletingFile] = useState(false);
  const reload = useYearAction(() => checkServiceArea(organization.id, year));
  const removeZip = useYearAction((zip: ServiceAreaEntry) => deleteServiceArea(organization.id, year, [zip]));
  const deleteFile = useYearAction(
    () => removeYear(organization.id, year, null),
    () => setDeletingFile(false),
  );
  const failure = reload.error ?? removeZip.error;
  return (
    <Paper p="md">
      <Title order={4} mb="sm">
        Data upload
      </Title>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <FileArea organizationId={organization.id} year={year} file={data.file} canUpload={canEdit} />
          {canEdit && fileDisplay(data.file) === "uploaded" ? (
            <Button
              size="xs"
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={14} />}
              onClick={() => {
                deleteFile.reset();
                setDeletingFile(true);
              }}
            >
              Delete file
            </Button>
          ) : null}
        </Group>
        {data.file?.skipped_rows ? (
          <Text size="sm" data-testid="year-skipped-rows">
            {data.file.skipped_rows.toLocaleString("en-US")} row
            {data.file.skipped_rows === 1 ? " was" : "s were"} set aside by the current upload (loaded on
            request without them).{" "}
            {data.file.rejected_rows_url ? (
              <Anchor href={data.file.rejected_rows_url} download size="sm">
                Rejected rows (CSV)
              </Anchor>
            ) : null}
          </Text>
        ) : null}
        <UploadWarnings warnings={data.file?.warnings} />
        <VersionsPanel
          organizationId={organization.id}
          year={year}
          versions={data.versions ?? []}
          nextCursor={data.versions_next_cursor ?? null}
          canRestore={canEdit}
        />
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Service area ({data.service_area.length} zips)
            </Text>
            {canEdit ? (
              <Group gap={6}>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} />}
                  disabled={data.service_area.length === 0}
                  loading={reload.isPending}
                  onClick={() => reload.mutate()}
                >
                  Reload service area
                </Button>
                <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
                  Add service area
                </Button>
              </Group>
            ) : null}
          </Group>
          <ServiceAreaTable
            items={data.service_area}
            onDelete={
              canEdit ? (item) => removeZip.mutate({ zipcode: item.zipcode, type: item.type }) : undefined
            }
          />
          {failure ? (
            <Alert color="red" variant="light">
              {errorMessage(failure)}
            </Alert>
          ) : null}
        </Stack>
      </Stack>
      <AddServiceAreaModal
        organizationId={organization.id}
        year={year}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      <ConfirmModal
        opened={deletingFile}
        title={`Delete the ${year} file of ${organization.name}`}
        confirmLabel="Delete it, update data upload by myself"
        pending={deleteFile.isPending}
        error={deleteFile.error}
        onConfirm={() => deleteFile.mutate()}
        onClose={() => setDeletingFile(false)}
      >
        <DeleteWarning year={year} />
      </ConfirmModal>
    </Paper>
  );
}
