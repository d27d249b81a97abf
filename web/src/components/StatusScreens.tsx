import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { errorMessage } from "../api/errors.ts";
import { ButtonLink } from "./links.tsx";

/** Shown while a route's guard or loader is still waiting on the server. */
export function PendingScreen() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

export function NotFoundScreen() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">This address does not match any page of Vitality.</Text>
        <ButtonLink to="/" variant="light">
          Go to the home page
        </ButtonLink>
      </Stack>
    </Container>
  );
}

/** A route failed for a reason other than the session (e.g. the server is unreachable). */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Container size="sm" py={80}>
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="This page could not be loaded">
        <Stack gap="md">
          <Text size="sm">{errorMessage(error)}</Text>
          <Group>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => {
                reset();
                void router.invalidate();
              }}
            >
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
