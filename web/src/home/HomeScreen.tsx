import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { ScreenTitle } from "../components/ScreenTitle.tsx";
import { useDummyOrgId } from "../session/dummyContext.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { AgreementPrompt } from "./AgreementPrompt.tsx";
import { QueryMenu } from "./QueryMenu.tsx";
import { SetupChecklist } from "./SetupChecklist.tsx";

/**
 * Home (also the dummy dashboard): the agreement prompt, else the setup checklist, else the menu of
 * analyses, following the organisation's state.
 */
export function HomeScreen() {
  const detail = useCustomerDetail();
  const dummyOrgId = useDummyOrgId();
  if (!detail) return null;
  const { organization, profile } = detail;

  if (!organization.agreement_accepted) {
    return (
      <>
        <ScreenTitle title="Welcome to Vitality" subtitle={organization.name} />
        {dummyOrgId ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle />}>
            This organisation has not accepted the licence agreement yet.
          </Alert>
        ) : (
          <AgreementPrompt detail={detail} />
        )}
      </>
    );
  }
  if (!organization.initialized) {
    return (
      <>
        <ScreenTitle title="Welcome to Vitality" subtitle={organization.name} />
        <SetupChecklist organization={organization} canEditProfile={!dummyOrgId && profile.is_staff} />
      </>
    );
  }
  return (
    <>
      <ScreenTitle title="Analyses" subtitle={`Market analyses of ${organization.name}, by theme`} />
      <QueryMenu dummyOrgId={dummyOrgId} />
    </>
  );
}
