import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { CITY_AUTOCOMPLETE_URL, ZIPS_OF_CITY_URL } from "../../../../server/forms/facility.ts";
import type { OrganizationFields } from "../../api/adminOrganisations.ts";
import { errorMessage } from "../../api/errors.ts";
import { AutocompleteField } from "../../forms/AutocompleteField.tsx";

const REQUIRED = "Please fill out this field";
const digitsOnly = (value: string) => value.replace(/\D/g, "");

const blank: OrganizationFields = {
  name: "",
  address: "",
  locale: "",
  locale_zip: "",
  phone_1: "",
  phone_2: "",
  fax: "",
};

/**
 * The customer's identity (the organization form: name, address, city and state, zip, phones, fax),
 * to add a customer from the list or edit it from the overview. Save is disabled until valid. The
 * city and zip follow the one locale rule of every form: chosen from the zip reference's lists,
 * changing the city clears the zip, and the server refuses a pair outside the reference.
 */
export function OrganizationFormModal({
  opened,
  title,
  initial,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial?: Partial<OrganizationFields>;
  pending?: boolean;
  error?: unknown;
  onSubmit: (fields: OrganizationFields) => void;
  onClose: () => void;
}) {
  const form = useForm<OrganizationFields>({
    mode: "controlled",
    initialValues: blank,
    validateInputOnChange: true,
    validate: {
      name: (value) => (value.trim() === "" ? REQUIRED : null),
      address: (value) => (value.trim() === "" ? REQUIRED : null),
      locale: (value) => (value.trim() === "" ? REQUIRED : null),
      locale_zip: (value) => (/^\d{5}$/.test(value) ? null : `${REQUIRED} or verify zip format.`),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens.
  useEffect(() => {
    if (opened) form.setValues({ ...blank, ...initial });
  }, [opened]);

  const valid =
    form.values.name.trim() !== "" &&
    form.values.address.trim() !== "" &&
    form.values.locale.trim() !== "" &&
    /^\d{5}$/.test(form.values.locale_zip);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={form.onSubmit((values) => onSubmit(values))}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk {...form.getInputProps("name")} />
          <TextInput label="Address" withAsterisk {...form.getInputProps("address")} />
          <SimpleGrid cols={2}>
            {/* The locale rule of every form (server checkLocale): a city of the list, then one of its zips. */}
            <AutocompleteField
              label="City, State"
              withAsterisk
              url={CITY_AUTOCOMPLETE_URL}
              {...form.getInputProps("locale")}
              value={form.values.locale}
              onChange={(value) => form.setValues({ locale: value, locale_zip: "" })}
            />
            <AutocompleteField
              label="Zip code"
              withAsterisk
              maxLength={5}
              url={ZIPS_OF_CITY_URL}
              other={form.values.locale}
              {...form.getInputProps("locale_zip")}
              value={form.values.locale_zip}
              onChange={(value) => form.setFieldValue("locale_zip", digitsOnly(value))}
            />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            {(["phone_1", "phone_2", "fax"] as const).map((field) => (
              <TextInput
                key={field}
                label={{ phone_1: "Phone 1", phone_2: "Phone 2", fax: "Fax" }[field]}
                {...form.getInputProps(field)}
                onChange={(event) => form.setFieldValue(field, digitsOnly(event.currentTarget.value))}
              />
            ))}
          </SimpleGrid>
          {error ? (
            <Alert color="red" variant="light">
              {errorMessage(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
