import { Stack } from "@mantine/core";
import { useState } from "react";
import type { FacilityView, ProviderView } from "../api/onboarding.ts";
import { ScreenTitle } from "../components/ScreenTitle.tsx";
import { onboardingForms } from "../forms/sessionForms.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { DataUploadSection } from "./DataUploadSection.tsx";
import { FacilitiesSection } from "./FacilitiesSection.tsx";
import { type ProfileAction, ProfileActionModals } from "./ProfileActionModals.tsx";
import { ProvidersSection } from "./ProvidersSection.tsx";
import { QuestionnaireSection } from "./QuestionnaireSection.tsx";

/**
 * The practice profile (customer-area.md section 2): facilities with their locations, providers,
 * the data upload and the questionnaire. Every write re-reads the customer detail, so these tables
 * and the Home checklist follow it.
 */
export function PracticeProfileScreen() {
  const detail = useCustomerDetail();
  const [action, setAction] = useState<ProfileAction>();
  if (!detail) return null;
  const organization = detail.organization;
  const facilities = organization.facilities as FacilityView[];
  const providers = organization.providers as ProviderView[];
  return (
    <Stack gap="md">
      <ScreenTitle title="Practice profile" />
      <FacilitiesSection facilities={facilities} onAction={setAction} />
      <ProvidersSection providers={providers} onAction={setAction} />
      <DataUploadSection />
      <QuestionnaireSection />
      <ProfileActionModals
        action={action}
        forms={onboardingForms(detail.forms)}
        facilities={facilities}
        onClose={() => setAction(undefined)}
      />
    </Stack>
  );
}
