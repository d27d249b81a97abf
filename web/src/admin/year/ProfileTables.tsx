import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { withVerdicts } from "../../../../server/schemes/rowVerdicts.ts";
import type { AdminOrganization, AnalysisRow, YearData } from "../../api/answers.ts";
import type { FacilityView, ProviderView } from "../../api/onboarding.ts";
import { onboardingForms } from "../../forms/sessionForms.ts";
import { type ProfileAction, ProfileActionModals } from "../../practiceProfile/ProfileActionModals.tsx";
import { useAdminDetail } from "../../session/useSessions.ts";
import { AnalysisTable } from "./AnalysisTable.tsx";

/**
 * The year detail's Facilities and Providers tables (admin-area.md section 2). Site admins edit and
 * delete a row through the customer's own forms and confirmations (practiceProfile/
 * ProfileActionModals), on the organisation's behalf; agents read them. Each row shows this year's
 * verdict, read from the year's validation as it is patched live (a new run recolours the rows).
 */
export function ProfileTables({
  organization,
  data,
  canEdit,
}: {
  organization: AdminOrganization;
  data: YearData;
  canEdit: boolean;
}) {
  const forms = onboardingForms(useAdminDetail()?.forms);
  const [action, setAction] = useState<ProfileAction>();
  const facilities = (organization.facilities ?? []) as FacilityView[];
  const providers = (organization.providers ?? []) as ProviderView[];

  const facilityActions = (row: AnalysisRow) => {
    const facility = facilities.find((candidate) => candidate.id === row.id);
    return facility ? (
      <RowActions
        name={facility.name}
        onEdit={() => setAction({ kind: "facility-edit", facility })}
        onDelete={() => setAction({ kind: "facility-delete", facility })}
      />
    ) : null;
  };
  const providerActions = (row: AnalysisRow) => {
    const provider = providers.find((candidate) => candidate.id === row.id);
    return provider ? (
      <RowActions
        name={provider.full_name}
        onEdit={() => setAction({ kind: "provider-edit", provider })}
        onDelete={() => setAction({ kind: "provider-delete", provider })}
      />
    ) : null;
  };

  return (
    <>
      <AnalysisTable
        title="Facilities"
        rows={withVerdicts(data.facilities, data.validations.facility?.note)}
        actions={canEdit ? facilityActions : undefined}
      />
      <AnalysisTable
        title="Providers"
        rows={withVerdicts(data.providers, data.validations.provider?.note)}
        actions={canEdit ? providerActions : undefined}
      />
      {canEdit ? (
        <ProfileActionModals
          action={action}
          forms={forms}
          facilities={facilities}
          organizationId={organization.id}
          onClose={() => setAction(undefined)}
        />
      ) : null}
    </>
  );
}

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    // The two icons stack in a narrow column (phone width) rather than push the table wider.
    <Group gap={2}>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconEdit size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
