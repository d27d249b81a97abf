import { Alert, Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMailCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { requestSigninLink } from "../../api/auth.ts";
import { ApiError, errorMessage } from "../../api/errors.ts";
import { AnchorLink } from "../../components/links.tsx";
import { PublicShell } from "../../layout/PublicShell.tsx";
import { SIGNED_OUT_MESSAGE, useSignedOutNotice } from "../../session/signedOutNotice.ts";

export const INVALID_EMAIL_MESSAGE = "Please verify your email address";
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Customer sign-in: the server e-mails a one-time link; the form then gives way to a confirmation. */
export function SigninScreen() {
  const [sent, setSent] = useState<{ email: string; detail: string }>();
  // The logout's confirmation, on the sign-in page it landed on (once).
  const signedOut = useSignedOutNotice();
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "" },
    validate: {
      email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : INVALID_EMAIL_MESSAGE),
    },
  });
  const send = useMutation({
    mutationFn: (email: string) => requestSigninLink(email),
    onSuccess: (answer, email) => setSent({ email, detail: answer.detail }),
    onError: (error) => {
      const message =
        error instanceof ApiError ? (error.fieldMessage("email") ?? error.detail) : errorMessage(error);
      form.setFieldError("email", message);
    },
  });

  return (
    <PublicShell>
      <Paper p="xl" shadow="sm">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Sign in</Title>
            <Text c="dimmed" size="sm">
              No password needed: we e-mail you a link that signs you in.
            </Text>
          </Stack>
          {signedOut && !sent ? (
            <Alert color="gray" variant="light" role="status">
              {SIGNED_OUT_MESSAGE}
            </Alert>
          ) : null}
          {sent ? (
            <Alert
              color="teal"
              variant="light"
              icon={<IconMailCheck />}
              title="Check your inbox"
              role="status"
            >
              <Text size="sm">{sent.detail}</Text>
              <Text size="sm" mt={6}>
                Sent for <b>{sent.email}</b>. The link works once, within 15 minutes.
              </Text>
            </Alert>
          ) : (
            <form onSubmit={form.onSubmit(({ email }) => send.mutate(email.trim()))} noValidate>
              <Stack gap="md">
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@practice.com"
                  data-autofocus
                  {...form.getInputProps("email")}
                />
                <Button type="submit" loading={send.isPending} fullWidth>
                  Email my login link
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed" ta="center">
        Staff member? <AnchorLink to="/administration/signin">Administration sign-in</AnchorLink>
      </Text>
    </PublicShell>
  );
}
