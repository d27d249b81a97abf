import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { acceptAgreement } from "../api/agreement.ts";
import type { CustomerDetail } from "../api/answers.ts";
import { errorMessage } from "../api/errors.ts";
import { AnchorLink } from "../components/links.tsx";
import { customerSessionQuery } from "../session/queries.ts";

/** First visit of an organisation: the licence must be accepted before anything else opens. */
export function AgreementPrompt({ detail }: { detail: CustomerDetail }) {
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const { queryKey } = customerSessionQuery();
  const accept = useMutation({
    mutationFn: () => acceptAgreement(detail.organization.id),
    onSuccess: async () => {
      // Spec: set locally, then the detail is read again from the server.
      queryClient.setQueryData(queryKey, (session) =>
        session?.logged
          ? {
              ...session,
              detail: {
                ...session.detail,
                organization: { ...session.detail.organization, agreement_accepted: true },
              },
            }
          : session,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });

  return (
    <Paper p="xl" maw={640}>
      <Stack gap="md">
        <Title order={3}>Licence agreement</Title>
        <Text size="sm">
          Before {detail.organization.name} starts using Vitality, please read the{" "}
          <AnchorLink to="/agreement">end user licence agreement</AnchorLink> and accept it.
        </Text>
        <Checkbox
          label="I have read and accept the end user licence agreement"
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
        {accept.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {errorMessage(accept.error)}
          </Alert>
        ) : null}
        <Group>
          <Button disabled={!accepted} loading={accept.isPending} onClick={() => accept.mutate()}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
