import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconBuildingHospital, IconCheck, IconRoute } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Organization } from "../api/answers.ts";
import { ButtonLink } from "../components/links.tsx";
import { startGuidedTour } from "./guidedTour.ts";
import classes from "./SetupChecklist.module.css";

/**
 * Where the organisation stands in its setup, as the server decides it from the organisation's own
 * records (organization.setup, server/organisations/setup.ts): each step is checked independently,
 * staff's two review steps included, so the list tells the truth at every moment.
 */
export function SetupChecklist({
  organization,
  canEditProfile,
}: {
  organization: Organization;
  canEditProfile: boolean;
}) {
  const queryClient = useQueryClient();
  const { steps, done, total, next } = organization.setup;
  return (
    <Paper p="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} maw={560}>
            <Title order={3}>Account setup</Title>
            <Text size="sm" c="dimmed">
              The analyses open once these steps are complete and your organisation is initialized.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconRoute size={16} />}
              onClick={() => startGuidedTour(() => queryClient.clear())}
            >
              Take the tour
            </Button>
            {canEditProfile ? (
              <ButtonLink
                to="/practice-profile"
                leftSection={<IconBuildingHospital size={16} />}
                data-tour="practice-profile-button"
              >
                Practice profile
              </ButtonLink>
            ) : null}
          </Group>
        </Group>
        <Stack gap={6} data-tour="progress">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Progress
            </Text>
            <Text size="sm" c="dimmed" data-testid="setup-count">
              {done} of {total} steps
            </Text>
          </Group>
          <Progress value={(done * 100) / total} aria-label="Setup progress" />
        </Stack>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 6 }}
          spacing="sm"
          component="ol"
          className={classes.list}
        >
          {steps.map((step, index) => {
            // The next step may be Vitality's to take: it then reads "Waiting", with what for.
            const waiting = step.key === next ? step.waiting : null;
            const badge = step.done ? "Done" : waiting ? "Waiting" : step.key === next ? "Next" : "To do";
            return (
              <li
                key={step.key}
                className={classes.step}
                data-done={step.done || undefined}
                data-next={step.key === next || undefined}
                data-tour={`step-${step.key}`}
                data-testid={`setup-step-${step.key}`}
                data-state={step.done ? "done" : waiting ? "waiting" : "todo"}
              >
                <Stack gap={8}>
                  <Group justify="space-between" wrap="nowrap">
                    <ThemeIcon
                      radius="xl"
                      size={30}
                      variant={step.done ? "filled" : "light"}
                      color={step.done ? "teal" : step.key === next ? "blue" : "gray"}
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
                    <Badge
                      size="sm"
                      variant="light"
                      color={step.done ? "teal" : waiting ? "orange" : step.key === next ? "blue" : "gray"}
                    >
                      {badge}
                    </Badge>
                  </Group>
                  <Text fw={600} size="sm">
                    {step.label}
                  </Text>
                  <Text size="xs" c={waiting ? "orange.9" : "dimmed"}>
                    {waiting ?? step.description}
                  </Text>
                </Stack>
              </li>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
