import { Divider, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { ButtonLink } from "../../components/links.tsx";
import { PublicShell } from "../../layout/PublicShell.tsx";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={4}>{title}</Title>
      {children}
    </Stack>
  );
}

/** The end user licence agreement (spec: single-user licence, tied to the MSA, Indiana law). */
export function AgreementScreen() {
  return (
    <PublicShell width={820}>
      <Paper p="xl" shadow="sm">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              End User Licence Agreement
            </Title>
            <Text c="dimmed" size="sm">
              Please read this agreement carefully before using Vitality.
            </Text>
          </Stack>
          <Divider />
          <Section title="1. Scope">
            <Text size="sm">
              This End User Licence Agreement ("Agreement") governs your use of the Vitality market analytics
              service ("Service"). It applies in addition to the Master Service Agreement ("MSA") between the
              provider of the Service and the organisation that gave you access ("Customer"). If this
              Agreement and the MSA conflict, the MSA prevails.
            </Text>
          </Section>
          <Section title="2. Single-user licence">
            <Text size="sm">
              You receive a personal, non-exclusive, non-transferable, non-sublicensable licence to access and
              use the Service for the Customer's internal business purposes only, for as long as the MSA is in
              force. Your access is for one named user: you may not share your sign-in links, sessions or
              account with anyone else.
            </Text>
          </Section>
          <Section title="3. Restrictions">
            <List size="sm" spacing={4}>
              <List.Item>
                Do not copy, resell, publish or distribute the Service or its analyses to third parties.
              </List.Item>
              <List.Item>
                Do not reverse engineer, decompile or attempt to extract the Service's source code or data.
              </List.Item>
              <List.Item>
                Do not circumvent access controls or use the Service to build a competing product.
              </List.Item>
              <List.Item>
                Use the Service only in compliance with applicable laws, including health privacy laws.
              </List.Item>
            </List>
          </Section>
          <Section title="4. Data and confidentiality">
            <Text size="sm">
              Data uploaded by the Customer remains the Customer's property and is processed as set out in the
              MSA. Analyses, scores and market data shown in the Service are confidential information and may
              be used only within the Customer's organisation.
            </Text>
          </Section>
          <Section title="5. Ownership">
            <Text size="sm">
              The Service, its software, methods and content are owned by the provider and its licensors. No
              rights are granted except those expressly stated in this Agreement.
            </Text>
          </Section>
          <Section title="6. Term and termination">
            <Text size="sm">
              This licence ends automatically when the MSA ends, when the Customer withdraws your access, or
              if you breach this Agreement.
            </Text>
          </Section>
          <Section title="7. Disclaimer and liability">
            <Text size="sm">
              The Service supports business decisions; it does not give medical, legal or financial advice.
              Warranties and limitations of liability are those of the MSA.
            </Text>
          </Section>
          <Section title="8. Governing law">
            <Text size="sm">
              This Agreement is governed by the laws of the State of Indiana, without regard to its conflict
              of laws rules.
            </Text>
          </Section>
          <Divider />
          <div>
            <ButtonLink to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
              Back
            </ButtonLink>
          </div>
        </Stack>
      </Paper>
    </PublicShell>
  );
}
