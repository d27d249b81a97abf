import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconCheck, IconRocket, IconTrash } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { initialiseYear, prelaunchYear, removeYear } from "../../api/adminOrganisations.ts";
import type { AdminOrganization, YearData } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { DeleteWarning } from "./DeleteWarning.tsx";
import { useYearAction } from "./useYearAction.ts";

/**
 * The year's header buttons (admin-area.md section 2): at 100% progress 'Active' (not yet enabled),
 * 'Enabled this year' (enabled: a click re-initialises) and 'Prelaunch queries' (not enabled);
 * always 'Delete this year', which returns to the customer overview once done.
 */
export function YearHeaderActions({
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
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  // The server's rule (100% with every item current, and the year's data there) decides the buttons.
  const complete = data.gates.enable.allowed;
  const enabled = data.enabled ?? organization.years.includes(year);
  const initialise = useYearAction(() => {
    prelaunch.reset();
    return initialiseYear(organization.id, year);
  });
  const prelaunch = useYearAction(() => {
    initialise.reset();
    return prelaunchYear(organization.id, year);
  });
  const remove = useYearAction(
    () => removeYear(organization.id, year, "delete"),
    () => void navigate({ to: "/administration/customers/$id", params: { id: organization.id } }),
  );
  if (!canEdit) return null;
  const failure = initialise.error ?? prelaunch.error;
  // What the last click did, in the server's words ('2025 is prelaunched for ...: staff can read its
  // 11 analyses in the dummy view; ...'): the buttons alone change too little to tell.
  const outcome = initialise.data ?? prelaunch.data;
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {complete && !enabled ? (
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            loading={initialise.isPending}
            onClick={() => initialise.mutate()}
          >
            Active
          </Button>
        ) : null}
        {complete && enabled ? (
          <Button
            variant="light"
            color="green"
            loading={initialise.isPending}
            onClick={() => initialise.mutate()}
          >
            Enabled this year
          </Button>
        ) : null}
        {complete && !enabled ? (
          <Button
            variant="light"
            leftSection={<IconRocket size={16} />}
            loading={prelaunch.isPending}
            onClick={() => prelaunch.mutate()}
          >
            Prelaunch queries
          </Button>
        ) : null}
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          Delete this year
        </Button>
      </Group>
      {failure ? (
        <Alert color="red" variant="light">
          {errorMessage(failure)}
        </Alert>
      ) : outcome?.detail ? (
        <Alert color="green" variant="light" role="status" data-testid="year-action-outcome">
          {outcome.detail}
        </Alert>
      ) : null}
      <ConfirmModal
        opened={confirming}
        title={`Delete ${year} of ${organization.name}`}
        confirmLabel="Delete this year"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        <DeleteWarning year={year} />
      </ConfirmModal>
    </Stack>
  );
}
