import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingHospital, IconCheck } from "@tabler/icons-react";
import type { Organization } from "../api/types.ts";
import { ButtonLink } from "../components/links.tsx";
import classes from "./SetupChecklist.module.css";
import { setupSteps } from "./setupSteps.ts";

/**
 * Where the organisation stands in its setup. Each step is checked from the organisation's own data,
 * independently of the others, so a step done out of order still shows as done.
 */
export function SetupChecklist({
  organization,
  canEditProfile,
}: {
  organization: Organization;
  canEditProfile: boolean;
}) {
  const steps = setupSteps(organization);
  const doneCount = steps.filter((step) => step.done).length;
  return (
    <Paper p="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={3}>Account setup</Title>
            <Text size="sm" c="dimmed">
              The analyses open once these steps are complete and your organisation is initialized.
            </Text>
          </Stack>
          {canEditProfile ? (
            <ButtonLink to="/practice-profile" leftSection={<IconBuildingHospital size={16} />}>
              Practice profile
            </ButtonLink>
          ) : null}
        </Group>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Progress
            </Text>
            <Text size="sm" c="dimmed">
              {doneCount} of {steps.length} steps
            </Text>
          </Group>
          <Progress value={(doneCount * 100) / steps.length} aria-label="Setup progress" />
        </Stack>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 6 }}
          spacing="sm"
          component="ol"
          className={classes.list}
        >
          {steps.map((step, index) => (
            <li key={step.key} className={classes.step} data-done={step.done || undefined}>
              <Stack gap={8}>
                <Group justify="space-between" wrap="nowrap">
                  <ThemeIcon
                    radius="xl"
                    size={30}
                    variant={step.done ? "filled" : "light"}
                    color={step.done ? "teal" : "gray"}
                    aria-hidden
                  >
                    {step.done ? (
                      <IconCheck size={16} />
                    ) : (
                      <Text size="sm" fw={600}>
                        {index + 1}
                      </Text>
                    )}
                  </ThemeIcon>
                  <Badge size="sm" variant="light" color={step.done ? "teal" : "gray"}>
                    {step.done ? "Done" : "To do"}
                  </Badge>
                </Group>
                <Text fw={600} size="sm">
                  {step.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {step.description}
                </Text>
              </Stack>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
