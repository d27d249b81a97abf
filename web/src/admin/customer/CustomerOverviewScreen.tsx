import { Badge, Group, SimpleGrid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AuditTrailPanel } from "../../audit/AuditTrailPanel.tsx";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { useMayCall } from "../../session/permissions.ts";
import { organizationQuery } from "../queries.ts";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { CustomerInfoPanel } from "./CustomerInfoPanel.tsx";
import { FacilitiesTable, ProvidersTable } from "./PeopleTables.tsx";
import { QueriesUsageChart } from "./QueriesUsageChart.tsx";
import { ReportSubscriptionsPanel } from "./ReportSubscriptionsPanel.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { YearPanel } from "./YearPanel.tsx";
import { YearsOverview } from "./YearsOverview.tsx";

/**
 * The customer overview (admin-area.md section 2): /administration/customers/{id}. Agents read it;
 * each control shows only when the staff member may make its call (docs/roles.md).
 */
export function CustomerOverviewScreen({ id }: { id: string }) {
  const may = useMayCall();
  const organization = useQuery(organizationQuery(id));
  const [pickedYear, setPickedYear] = useState<number>();

  if (organization.isPending) return <PendingScreen />;
  if (organization.isError) return <QueryErrorAlert error={organization.error} />;
  const customer = organization.data;
  const years = Object.keys(customer.datas ?? {}).map(Number);
  const year = pickedYear ?? (years.length > 0 ? Math.max(...years) : undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <ScreenTitle title={customer.name} subtitle={customer.full_address || undefined} />
        <Badge size="lg" variant="light" color={customer.initialized ? "green" : "orange"}>
          {customer.initialized ? "ACTIVE" : "INITIALIZATION"}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <YearsOverview organization={customer} canEdit={may("POST /api/management/admin/valid")} />
        <CustomerInfoPanel
          organization={customer}
          canEdit={may("PATCH /api/management/customer/organization")}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <UsersTable organization={customer} canEdit={may("POST /api/management/customer/detail")} />
        <YearPanel
          organization={customer}
          year={year}
          onYearChange={setPickedYear}
          canEdit={may("POST /api/management/customer/file")}
        />
      </SimpleGrid>
      {customer.initialized && customer.queries_usage ? (
        <QueriesUsageChart usage={customer.queries_usage} />
      ) : null}
      <ReportSubscriptionsPanel
        organisationId={customer.id}
        canEdit={may("POST /api/management/admin/report-subscription/:orgid/pause")}
      />
      <FacilitiesTable organization={customer} />
      <ProvidersTable organization={customer} />
      {may("GET /api/management/admin/audit/:orgid") ? (
        <AuditTrailPanel organisationId={customer.id} />
      ) : null}
    </Stack>
  );
}
