import { Alert, Button, Group, NumberInput, Stack, Table, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/errors.ts";
import {
  type AreaShares,
  DEFAULT_AREA_SHARES,
  type ServiceAreaSuggestion as Suggestion,
  suggestionText,
  suggestServiceArea,
} from "../../api/serviceAreaSuggestion.ts";

const percent = (part: number, whole: number) =>
  whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`;
const TYPES = ["PSA", "SSA", "TSA"] as const;

/**
 * 'Suggest from the practice's patients' in the Add service area modal: asks the server for the
 * fewest zips holding the chosen shares of the practice's cases of the year (60/85/95% by default),
 * fills the textarea with them ('zipcode<TAB>type' lines) and shows what they cover, for staff to
 * review (and edit) before they submit as usual.
 */
export function ServiceAreaSuggestion({
  organizationId,
  year,
  onSuggested,
}: {
  organizationId: string;
  year: number;
  onSuggested: (text: string) => void;
}) {
  const [shares, setShares] = useState<AreaShares>(DEFAULT_AREA_SHARES);
  const suggest = useMutation({
    mutationFn: () => suggestServiceArea(organizationId, year, shares),
    onSuccess: (answer) => onSuggested(suggestionText(answer)),
  });
  const shareInput = (type: (typeof TYPES)[number]) => {
    const key = type.toLowerCase() as keyof AreaShares;
    return (
      <NumberInput
        key={type}
        label={`${type} up to`}
        suffix="%"
        min={1}
        max={100}
        w={110}
        size="xs"
        value={Math.round(shares[key] * 100)}
        onChange={(value) => setShares({ ...shares, [key]: Number(value) / 100 })}
      />
    );
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        {TYPES.map(shareInput)}
        <Button variant="light" size="xs" loading={suggest.isPending} onClick={() => suggest.mutate()}>
          Suggest from the practice's patients
        </Button>
      </Group>
      {suggest.error ? (
        <Alert color="red" variant="light">
          {errorMessage(suggest.error)}
        </Alert>
      ) : null}
      {suggest.data ? <SuggestionSummary suggestion={suggest.data} /> : null}
    </Stack>
  );
}

function SuggestionSummary({ suggestion }: { suggestion: Suggestion }) {
  const { totals } = suggestion;
  const counted = suggestion.basis === "surgical_cases" ? "surgical cases" : "patients";
  const covered = totals.psa_cases + totals.ssa_cases + totals.tsa_cases;
  if (suggestion.service_area.length === 0) {
    return (
      <Text size="sm">
        The practice has no {counted} with a zip code in {suggestion.year}: nothing to suggest.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="service-area-suggestion">
      <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Zips</Table.Th>
            <Table.Th>{counted === "patients" ? "Patients" : "Cases"}</Table.Th>
            <Table.Th>Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TYPES.map((type) => {
            const cases = totals[`${type.toLowerCase() as "psa" | "ssa" | "tsa"}_cases`];
            const zips = suggestion.service_area.filter((zip) => zip.type === type).length;
            return (
              <Table.Tr key={type}>
                <Table.Td>{type}</Table.Td>
                <Table.Td>{zips}</Table.Td>
                <Table.Td>{cases}</Table.Td>
                <Table.Td>{percent(cases, totals.cases)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {suggestion.service_area.length} zips cover {percent(covered, totals.cases)} of the practice's{" "}
        {totals.cases} {counted} of {suggestion.year}. Review the list below, then Submit.
      </Text>
    </Stack>
  );
}
