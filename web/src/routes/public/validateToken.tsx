import { Alert, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { createRoute, redirect } from "@tanstack/react-router";
import { validateSigninToken } from "../../api/auth.ts";
import { errorMessage } from "../../api/errors.ts";
import { ButtonLink } from "../../components/links.tsx";
import { PublicShell } from "../../layout/PublicShell.tsx";
import { sessionKeys } from "../../session/queries.ts";
import { rootRoute } from "../__root.tsx";

/**
 * The e-mailed link. The token is single-use, so it is spent in the loader (once per navigation,
 * never twice as an effect could be under StrictMode); success goes straight to the dashboard.
 */
export const validateTokenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "validate_token/$token",
  loader: async ({ params, context }) => {
    try {
      await validateSigninToken(params.token);
    } catch (error) {
      return { failure: errorMessage(error) };
    }
    // The new cookie replaces whatever session the browser had: every cached check is outdated.
    await context.queryClient.invalidateQueries({ queryKey: sessionKeys.all, refetchType: "all" });
    throw redirect({ to: "/", replace: true });
  },
  // A spent token must not be retried from the router's cache or a hover preload.
  staleTime: Number.POSITIVE_INFINITY,
  pendingComponent: ValidatingScreen,
  component: ValidateTokenScreen,
});

function ValidatingScreen() {
  return (
    <PublicShell>
      <Paper p="xl" shadow="sm">
        <Text ta="center">Signing you in…</Text>
      </Paper>
    </PublicShell>
  );
}

function ValidateTokenScreen() {
  const { failure } = validateTokenRoute.useLoaderData();
  return (
    <PublicShell>
      <Paper p="xl" shadow="sm">
        <Stack gap="lg">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title="This sign-in link does not work"
          >
            {failure}
          </Alert>
          <ButtonLink to="/signin" fullWidth>
            Ask for a new link
          </ButtonLink>
        </Stack>
      </Paper>
    </PublicShell>
  );
}
