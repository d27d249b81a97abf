import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { initialiseYear, requestYear } from "../../api/adminOrganisations.ts";
import type { AdminOrganization } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { ButtonLink } from "../../components/links.tsx";
import { adminKeys } from "../queries.ts";
import { YearProgressBar } from "../shared/YearProgress.tsx";

const YEAR = /^\d{4}$/;

/**
 * Overview: each year's task progress with a link to its data analysis; 'Allow user' at 100% (the
 * initialise-year call) while the year is not yet enabled; the request-year input (exactly 4 characters).
 */
export function YearsOverview({
  organization,
  canEdit,
}: {
  organization: AdminOrganization;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.organization(organization.id) });
  const allow = useMutation({
    mutationFn: (year: number) => {
      request.reset();
      return initialiseYear(organization.id, year);
    },
    onSuccess: refresh,
  });
  const request = useMutation({
    mutationFn: (year: number) => {
      allow.reset();
      return requestYear(organization.id, year);
    },
    onSuccess: async () => {
      setRequested("");
      await refresh();
    },
  });
  const years = Object.entries(organization.datas ?? {})
    .map(([year, data]) => ({ year: Number(year), data }))
    .sort((a, b) => a.year - b.year);

  return (
    <Paper p="md">
      <Title order={4} mb="sm">
        Overview
      </Title>
      <Stack gap="sm">
        {years.length === 0 ? (
          <Text size="sm" c="dimmed">
            No available year
          </Text>
        ) : null}
        {years.map(({ year, data }) => (
          // Wraps on a phone: the progress bar above, the status and the link below.
          <Group key={year} justify="space-between" gap="xs">
            <YearProgressBar year={year} percent={data.progress} width={180} />
            <Group gap="xs" wrap="nowrap">
              {data.progress >= 100 && !data.enabled && canEdit ? (
                <Button size="xs" color="green" loading={allow.isPending} onClick={() => allow.mutate(year)}>
                  Allow user
                </Button>
              ) : null}
              {data.enabled ? (
                <Text size="xs" c="green.8" fw={600}>
                  Enabled
                </Text>
              ) : null}
              <ButtonLink
                size="xs"
                variant="light"
                to="/administration/customers/$id/$year"
                params={{ id: organization.id, year }}
              >
                Data analysis
              </ButtonLink>
            </Group>
          </Group>
        ))}
        {canEdit ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (YEAR.test(requested)) request.mutate(Number(requested));
            }}
          >
            <Group align="flex-end" gap="xs" mt="xs">
              <TextInput
                label="Request a year of data"
                w={200}
                placeholder="e.g. 2024"
                maxLength={4}
                value={requested}
                onChange={(event) => setRequested(event.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
              />
              <Button
                type="submit"
                variant="light"
                disabled={!YEAR.test(requested)}
                loading={request.isPending}
              >
                Request
              </Button>
            </Group>
          </form>
        ) : null}
        {allow.error || request.error ? (
          <Alert color="red" variant="light">
            {errorMessage(allow.error ?? request.error)}
          </Alert>
        ) : allow.data?.detail || request.data?.detail ? (
          // What the last click did ('2025 is enabled for ...'): the button alone just disappears.
          <Alert color="green" variant="light" role="status">
            {allow.data?.detail ?? request.data?.detail}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
