import { SimpleGrid, Stack } from "@mantine/core";
import { UsersTable } from "../admin/customer/UsersTable.tsx";
import { AuditTrailPanel } from "../audit/AuditTrailPanel.tsx";
import { ScreenTitle } from "../components/ScreenTitle.tsx";
import { SubscriptionsPanel } from "../reports/SubscriptionsPanel.tsx";
import { useDummyOrgId } from "../session/dummyContext.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { OrganisationCard } from "./OrganisationCard.tsx";
import { PersonalCard } from "./PersonalCard.tsx";
import { SavedQueriesPanel } from "./SavedQueriesPanel.tsx";

/**
 * /profile (and the dummy view's profile): the user's picture, name and e-mail; the organisation's
 * information and logo; its users (the organisation's admins manage them with the back office's own
 * table and rules: at most 3, more once initialized); the user's custom queries and the shared ones;
 * the user's report subscriptions.
 * Assistants see no Users table (customer-area.md section 6: Informations and Users are the admin's);
 * in dummy mode everything reads only.
 */
export function CustomerProfileScreen() {
  const detail = useCustomerDetail();
  const dummyOrgId = useDummyOrgId();
  if (!detail) return null;
  const { profile, organization } = detail;
  const dummy = dummyOrgId !== undefined;
  const isAdmin = profile.is_staff && !dummy;
  return (
    <>
      <ScreenTitle
        title="Profile"
        subtitle={dummy ? "Read-only: you view this organisation as staff." : undefined}
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PersonalCard key={profile.username} profile={profile} readOnly={dummy} />
          <OrganisationCard organization={organization} canChangeLogo={isAdmin} />
        </SimpleGrid>
        {isAdmin || dummy ? <UsersTable organization={organization} canEdit={isAdmin} /> : null}
        {/* The organisation's admins read its audit trail (docs/roles.md); staff read it in the back office. */}
        {isAdmin ? <AuditTrailPanel /> : null}
        <SavedQueriesPanel dummyOrgId={dummyOrgId} />
        {/* Staff read a customer's subscriptions on its overview (the back office). */}
        {dummy || !("id" in profile) ? null : <SubscriptionsPanel userId={profile.id} />}
      </Stack>
    </>
  );
}
