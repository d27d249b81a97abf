import { Alert, Badge, Button, Divider, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconPlayerPlay } from "@tabler/icons-react";
import { acceptValidation, runValidation, type ValidationType } from "../../api/adminSchemes.ts";
import type { GateName, GlobalNote, ValidationResult, YearData } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { useMayCall } from "../../session/permissions.ts";
import { validationLabel, validationOutcome, validationState } from "../yearState.ts";
import { useYearAction } from "./useYearAction.ts";

const TYPES: { type: ValidationType; title: string; gate: GateName }[] = [
  { type: "facility", title: "Facility", gate: "facility_validation" },
  { type: "provider", title: "Provider", gate: "provider_validation" },
  { type: "global", title: "Global", gate: "global_validation" },
];

const CORRECT = "The data seems correct";

/**
 * Validations: per type its state, its outcome ('Valid' green check; 'Validate anyway' orange, which
 * accepts the run; or the running step), the run button behind the server's gate, 'Out of date: run
 * again' when an input (practice data, market data, profile, service area) changed since the run,
 * with the gate's words for what changed, and the global notes. Agents
 * see the states and notes without the buttons (they may not make those calls: docs/roles.md).
 */
export function ValidationsPanel({
  organizationId,
  year,
  data,
}: {
  organizationId: string;
  year: number;
  data: YearData;
}) {
  const may = useMayCall();
  const mayRun = may("POST /api/management/admin/validation");
  const mayAccept = may("PATCH /api/management/admin/validation");
  const run = useYearAction((type: ValidationType) => runValidation(organizationId, year, type));
  const accept = useYearAction((type: ValidationType) => acceptValidation(organizationId, year, type));
  const failure = run.error ?? accept.error;
  return (
    <Paper p="md">
      <Title order={4} mb="sm">
        Validations
      </Title>
      <Stack gap="sm">
        {TYPES.map(({ type, title, gate: gateName }) => {
          const result = data.validations[type];
          const state = validationLabel(validationState(result));
          const outcome = validationOutcome(result);
          const gate = data.gates[gateName];
          const anyway = data.gates[`${type}_validate_anyway`];
          return (
            <Stack key={type} gap={4} data-validation={type}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" fw={600} w={70}>
                    {title}
                  </Text>
                  <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
                    {state.label}
                  </Badge>
                  {outcome.kind === "valid" ? (
                    <Group gap={4} c="green.8" wrap="nowrap">
                      <IconCircleCheck size={18} />
                      <Text size="sm" fw={600}>
                        Valid
                      </Text>
                    </Group>
                  ) : null}
                  {outcome.kind === "running" ? (
                    <Text size="sm" c="blue.8">
                      {outcome.label}
                    </Text>
                  ) : null}
                </Group>
                <Group gap={6} wrap="nowrap">
                  {anyway.allowed && mayAccept ? (
                    <Button
                      size="xs"
                      color="orange"
                      loading={accept.isPending && accept.variables === type}
                      onClick={() => accept.mutate(type)}
                    >
                      Validate anyway
                    </Button>
                  ) : null}
                  {gate.allowed && mayRun ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlayerPlay size={14} />}
                      loading={run.isPending && run.variables === type}
                      onClick={() => run.mutate(type)}
                    >
                      {result ? "Run again" : "Run"}
                    </Button>
                  ) : null}
                </Group>
              </Group>
              {result?.outdated ? (
                <Badge color="orange" variant="filled" size="sm" w="fit-content" data-outdated={type}>
                  Out of date: run again
                </Badge>
              ) : null}
              {(!result || result.outdated) && mayRun ? (
                <Text size="xs" c={gate.allowed ? "dimmed" : "orange.8"}>
                  {gate.message}
                </Text>
              ) : null}
              {type === "global" && result?.done ? <GlobalNotes result={result} /> : null}
            </Stack>
          );
        })}
        {failure ? (
          <Alert color="red" variant="light">
            {errorMessage(failure)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

const noteText = (note: string | null | undefined) => (note?.trim() ? note : CORRECT);

/** What the global validation found: four sections, each note or 'The data seems correct'. */
function GlobalNotes({ result }: { result: ValidationResult }) {
  const note = (result.note ?? {}) as GlobalNote;
  const others: [string, string | null | undefined][] = [
    ["New Patient E/M", note.new_patient_em],
    ["MRIs", note.mri],
    ["Initial Eval", note.initial_eval],
    ["Other PT/OT", note.other_pt_ot],
    ["Casting Spliting", note.casting_spliting],
    ["Aspiration Injection", note.aspiration_injection],
  ];
  return (
    <Stack gap="sm" mt={4}>
      <Divider />
      <NoteSection title="Speciality - Surgical cases">
        <Table verticalSpacing={2} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(note.speciality ?? []).map((row) => (
              <Table.Tr key={row.service}>
                <Table.Td>{row.service}</Table.Td>
                <Table.Td c={row.note?.trim() ? "orange.8" : "dimmed"}>{noteText(row.note)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </NoteSection>
      <NoteSection title="Mix capacity - Surgical cases">
        <Table verticalSpacing={2} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subspeciality</Table.Th>
              <Table.Th>Volume</Table.Th>
              <Table.Th>Service capacity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(note.mix_capacity ?? []).map((row) => (
              <Table.Tr key={row.subspeciality}>
                <Table.Td>{row.subspeciality}</Table.Td>
                <Table.Td>{row.volume ?? "N/A"}</Table.Td>
                <Table.Td>{row.service_capacity ?? "N/A"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </NoteSection>
      <NoteSection title="Lexis Nexis Volumes - Surgical cases">
        {(note.ln_volumes ?? []).length === 0 ? (
          <Text size="xs" c="dimmed">
            {CORRECT}
          </Text>
        ) : (
          <Table verticalSpacing={2} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Provider</Table.Th>
                <Table.Th>External data source</Table.Th>
                <Table.Th>Data upload</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(note.ln_volumes ?? []).map((row) => (
                <Table.Tr key={row.provider_name}>
                  <Table.Td>{row.provider_name}</Table.Td>
                  <Table.Td>{row.ln ?? "N/A"}</Table.Td>
                  <Table.Td>{row.upload ?? "N/A"}</Table.Td>
                  <Table.Td c={row.note?.trim() ? "orange.8" : "dimmed"}>{noteText(row.note)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </NoteSection>
      <NoteSection title="Other cases">
        <Table verticalSpacing={2} fz="xs">
          <Table.Tbody>
            {others.map(([label, text]) => (
              <Table.Tr key={label}>
                <Table.Td fw={600} w={150}>
                  {label}
                </Table.Td>
                <Table.Td c={text?.trim() ? "orange.8" : "dimmed"}>{noteText(text)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </NoteSection>
    </Stack>
  );
}

function NoteSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
