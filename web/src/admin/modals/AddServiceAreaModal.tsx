import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { parseServiceAreaPaste } from "../../../../server/organisations/serviceAreaPaste.ts";
import { addServiceAreaText } from "../../api/adminOrganisations.ts";
import { errorMessage } from "../../api/errors.ts";
import { useYearAction } from "../year/useYearAction.ts";
import { ServiceAreaSuggestion } from "./ServiceAreaSuggestion.tsx";

/**
 * 'Adding service area for {year}': a required 20-row textarea of 'zipcode<TAB>type' lines pasted
 * from a spreadsheet, or suggested from the practice's patients of the year (ServiceAreaSuggestion).
 * The server's own parser (pure, shared) enables Submit and names bad lines; Cancel clears the text.
 */
export function AddServiceAreaModal({
  organizationId,
  year,
  opened,
  onClose,
}: {
  organizationId: string;
  year: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState("");
  const parsed = parseServiceAreaPaste(text);
  const valid = parsed.errors.length === 0 && parsed.rows.length > 0;
  const close = () => {
    setText("");
    add.reset();
    onClose();
  };
  const add = useYearAction(() => addServiceAreaText(organizationId, year, text), close);
  const lineErrors = text.trim() === "" ? [] : parsed.errors.slice(0, 5);
  return (
    <Modal opened={opened} onClose={close} title={`Adding service area for ${year}`} size="lg" centered>
      <Stack gap="sm">
        <ServiceAreaSuggestion organizationId={organizationId} year={year} onSuggested={setText} />
        <Textarea
          label="Copy/Past from xls"
          description="One zip per line: zipcode, a tab, then its type (PSA, SSA or TSA)."
          placeholder={"46201\tPSA\n46202\tSSA"}
          required
          rows={20}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={lineErrors.length > 0 ? lineErrors.map((error) => error.message).join("\n") : undefined}
          styles={{ input: { fontFamily: "monospace" }, error: { whiteSpace: "pre-line" } }}
        />
        {valid ? (
          <Text size="sm" c="dimmed">
            {parsed.rows.length} zip{parsed.rows.length === 1 ? "" : "s"} to add.
          </Text>
        ) : null}
        {add.error ? (
          <Alert color="red" variant="light">
            {errorMessage(add.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!valid} loading={add.isPending} onClick={() => add.mutate()}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
