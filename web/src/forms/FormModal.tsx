import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../api/errors.ts";
import { FormFields } from "./FormFields.tsx";
import { autoLookUp, blockedBy, fieldError, payloadOf } from "./rules.ts";
import type { Choice, FormField } from "./types.ts";
import { useDefinitionForm } from "./useDefinitionForm.ts";
import { useLocaleCheck } from "./useLocaleCheck.ts";

/** A look-up by one field's value (the NPI): answers the values to fill in, or throws. */
export interface FieldLookup {
  field: string;
  label: string;
  run: (value: string) => Promise<Record<string, unknown>>;
}

export interface FormModalProps {
  opened: boolean;
  title: string;
  fields: FormField[];
  /** The entity edited; absent for an add (the fields' defaults apply). */
  entity?: Record<string, unknown>;
  extraChoices?: Record<string, Choice[]>;
  submitLabel?: string;
  lookup?: FieldLookup;
  /** Sends the form's payload; a rejected promise's ApiError field errors go beside their fields. */
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A modal holding one server-defined form: Save stays disabled until the definition's rules pass
 * (an edit shows what the saved entity lacks as soon as it opens);
 * the server's field errors appear beside their fields, other failures above the buttons. Its
 * content mounts on opening, so each opening starts from the entity (or the defaults).
 */
export function FormModal(props: FormModalProps) {
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size="xl"
      fullScreen={phone}
      centered
    >
      {props.opened ? <FormModalBody {...props} /> : null}
    </Modal>
  );
}

function FormModalBody({
  fields,
  entity,
  extraChoices,
  submitLabel,
  lookup,
  onSubmit,
  onClose,
}: FormModalProps) {
  const definitionForm = useDefinitionForm(fields, entity);
  const { form } = definitionForm;
  const values = form.getValues();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  useLocaleCheck(fields, definitionForm, values);

  const lookupField = lookup ? fields.find((field) => field.name === lookup.field) : undefined;
  const lookupValue = lookup ? String(values[lookup.field] ?? "") : "";
  const lookupReady = lookupField ? fieldError(lookupField, values) === null && lookupValue !== "" : false;

  const runLookup = async () => {
    if (!lookup || !lookupReady) return;
    setLookingUp(true);
    try {
      definitionForm.merge(await lookup.run(lookupValue));
    } catch (error) {
      const unplaced = definitionForm.showServerErrors(error);
      if (!(error instanceof ApiError) || error.errors.length === 0 || unplaced.length > 0) {
        form.setFieldError(lookup.field, errorMessage(error));
      }
    } finally {
      setLookingUp(false);
    }
  };

  // An add looks the NPI up as soon as it is complete and valid (a provider found pre-fills the form),
  // once per value: the effect running again for the same value (React's development double run,
  // the values set back by the look-up's own answer) sends nothing. The search button always asks.
  const autoLookedUp = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new complete value triggers it.
  useEffect(() => {
    // A value made incomplete and then complete again is a new look-up.
    if (!lookupReady) autoLookedUp.current = undefined;
    const state = { editing: Boolean(entity), ready: lookupReady, value: lookupValue };
    if (!autoLookUp({ ...state, last: autoLookedUp.current })) return;
    autoLookedUp.current = lookupValue;
    void runLookup();
  }, [lookupValue, lookupReady]);

  // An entity saved without some of what the form requires (a provider seeded without its place)
  // says at once which fields need a value, instead of a disabled Update that never says why.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(() => {
    if (entity) form.validate();
  }, []);

  const submit = async () => {
    setFailure(undefined);
    setPending(true);
    try {
      await onSubmit(payloadOf(fields, form.getValues()));
    } catch (error) {
      const unplaced = definitionForm.showServerErrors(error);
      const placedAll = error instanceof ApiError && error.errors.length > 0 && unplaced.length === 0;
      if (!placedAll) setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  // Said beside a disabled Submit/Update: which fields stop it (their messages may be out of sight).
  const blocked = blockedBy(fields, values);
  const blockedId = "form-blocked-by";

  const addons = lookup
    ? {
        [lookup.field]: (
          <Tooltip label={lookup.label}>
            <ActionIcon
              variant="subtle"
              aria-label={lookup.label}
              disabled={!lookupReady}
              loading={lookingUp}
              onClick={() => void runLookup()}
            >
              <IconSearch size={16} />
            </ActionIcon>
          </Tooltip>
        ),
      }
    : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.validate().hasErrors) void submit();
      }}
    >
      <Stack gap="md">
        <FormFields
          fields={fields}
          definitionForm={definitionForm}
          extraChoices={extraChoices}
          addons={addons}
        />
        {failure ? (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" wrap="nowrap" align="center">
          {blocked ? (
            <Text
              id={blockedId}
              size="sm"
              // A new form not yet touched is not wrong, only incomplete: said quietly until then.
              c={entity || form.isTouched() ? "red.8" : "dimmed"}
              role="status"
              mr="auto"
            >
              {blocked}
            </Text>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!form.isValid()}
            loading={pending}
            aria-describedby={blocked ? blockedId : undefined}
          >
            {submitLabel ?? (entity ? "Update" : "Submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
