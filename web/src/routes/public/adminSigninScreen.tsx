import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { AdminDetail } from "../../api/answers.ts";
import { staffSignin } from "../../api/auth.ts";
import { errorMessage } from "../../api/errors.ts";
import { PublicShell } from "../../layout/PublicShell.tsx";
import { adminSessionQuery, type Session, sessionKeys } from "../../session/queries.ts";
import { SIGNED_OUT_MESSAGE, useSignedOutNotice } from "../../session/signedOutNotice.ts";

/** Staff sign-in with username and password; Enter submits (it is a real form). */
export function AdminSigninScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The logout's confirmation, on the sign-in page it landed on (once).
  const signedOut = useSignedOutNotice();
  const form = useForm({
    mode: "controlled",
    initialValues: { username: "", password: "" },
    validate: {
      username: (value) => (value.trim() === "" ? "Please fill out this field" : null),
      password: (value) => (value === "" ? "Please fill out this field" : null),
    },
  });
  const signin = useMutation({
    mutationFn: staffSignin,
    onSuccess: async ({ token: _token, max_age: _maxAge, profile, ...detail }) => {
      // The new cookie replaces any earlier session (a customer's too): forget every cached check.
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      // The sign-in answer is the admin detail without the stored notifications and tasks (the live
      // channel brings new ones; the next detail read the stored ones): no need to ask again.
      const session: Session<AdminDetail> = {
        logged: true,
        detail: { ...detail, profile: { ...profile, notifications: [], background_tasks: [] } },
      };
      queryClient.setQueryData(adminSessionQuery().queryKey, session);
      await navigate({ to: "/administration" });
    },
  });

  return (
    <PublicShell>
      <Paper p="xl" shadow="sm">
        <form
          onSubmit={form.onSubmit((values) => signin.mutate({ ...values, username: values.username.trim() }))}
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2}>Administration</Title>
              <Text c="dimmed" size="sm">
                Staff access to customers, data analysis and site settings.
              </Text>
            </Stack>
            {signin.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
                {errorMessage(signin.error)}
              </Alert>
            ) : signedOut ? (
              <Alert color="gray" variant="light" role="status">
                {SIGNED_OUT_MESSAGE}
              </Alert>
            ) : null}
            <TextInput
              label="Username"
              autoComplete="username"
              data-autofocus
              {...form.getInputProps("username")}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps("password")}
            />
            <Button type="submit" loading={signin.isPending} fullWidth>
              Connection
            </Button>
          </Stack>
        </form>
      </Paper>
    </PublicShell>
  );
}
