import { Grid, Group, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { yearDataOf } from "../../api/adminOrganisations.ts";
import { AnchorLink } from "../../components/links.tsx";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { useMayCall } from "../../session/permissions.ts";
import { QuestionnaireModal } from "../modals/QuestionnaireModal.tsx";
import { type DetailKind, SchemeDetailModal } from "../modals/SchemeDetailModal.tsx";
import { organizationYearQuery } from "../queries.ts";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { DataUploadPanel } from "./DataUploadPanel.tsx";
import { ProfileTables } from "./ProfileTables.tsx";
import { ReviewNotice } from "./ReviewNotice.tsx";
import { SchemesPanel } from "./SchemesPanel.tsx";
import { ValidationsPanel } from "./ValidationsPanel.tsx";
import { YearHeaderActions } from "./YearHeaderActions.tsx";

/**
 * The year detail, '[{year}] Data analysis of {name}' (admin-area.md section 2): data upload and
 * schemes on the left, facilities, providers and validations on the right. The live channel patches
 * this answer as jobs move (live/LiveChannel.tsx).
 */
export function YearDetailScreen({ id, year }: { id: string; year: number }) {
  const may = useMayCall();
  const answer = useQuery(organizationYearQuery(id, year));
  const [detail, setDetail] = useState<DetailKind>();
  const [questionnaireOpen, setQuestionnaireOpen] = useState(false);

  if (answer.isPending) return <PendingScreen />;
  if (answer.isError) return <QueryErrorAlert error={answer.error} />;
  const { organization } = answer.data;
  const data = yearDataOf(answer.data);
  const progress = data.progress;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <ScreenTitle title={`[${year}] Data analysis of ${organization.name}`} />
          <Group gap="xs" mt={-8}>
            <AnchorLink to="/administration/customers/$id" params={{ id }} size="sm">
              Back to the customer
            </AnchorLink>
            <Text size="sm" c="dimmed">
              ·
            </Text>
            <Progress
              value={progress}
              w={160}
              color={progress >= 100 ? "green" : "vitality"}
              aria-label="Year progress"
            />
            <Text size="sm" c="dimmed">
              {Math.round(progress)}%
            </Text>
          </Group>
        </Stack>
        <YearHeaderActions
          organization={organization}
          year={year}
          data={data}
          canEdit={may("POST /api/management/admin/valid")}
        />
      </Group>
      <ReviewNotice data={data} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <DataUploadPanel
              organization={organization}
              year={year}
              data={data}
              canEdit={may("POST /api/management/customer/file")}
            />
            <SchemesPanel
              organizationId={id}
              year={year}
              data={data}
              onShowDetail={setDetail}
              onOpenQuestionnaire={() => setQuestionnaireOpen(true)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <ProfileTables
              organization={organization}
              data={data}
              canEdit={may("PATCH /api/management/customer/facility")}
            />
            <ValidationsPanel organizationId={id} year={year} data={data} />
          </Stack>
        </Grid.Col>
      </Grid>
      <SchemeDetailModal kind={detail} organizationId={id} year={year} onClose={() => setDetail(undefined)} />
      <QuestionnaireModal
        organizationId={id}
        year={year}
        opened={questionnaireOpen}
        onClose={() => setQuestionnaireOpen(false)}
      />
    </Stack>
  );
}
