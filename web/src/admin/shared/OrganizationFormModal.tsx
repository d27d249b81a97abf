import type { OrganizationFields } from "../../api/adminOrganisations.ts";
import { FormModal } from "../../forms/FormModal.tsx";
import { organizationFields } from "../../forms/sessionForms.ts";
import { useAdminDetail } from "../../session/useSessions.ts";

/**
 * The customer's identity (the organization form: name, address, city and state, zip, phones, fax),
 * to add a customer from the list or edit it from the overview. Drawn from the definition the server
 * delivers at sign-in (server/forms/organization.ts) with the rules of every definition form
 * (web/src/forms): Save is disabled until they pass, the city and zip follow the locale rule (a city
 * of the list, then one of its zips, checked once both are set), and a refusal of the server shows
 * beside its field, under the field's label, not as a path ("organization.locale_zip").
 */
export function OrganizationFormModal({
  opened,
  title,
  initial,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** The stored values (an edit); absent for a new customer. */
  initial?: Partial<OrganizationFields>;
  /** Resolves once saved; a refusal's field errors go beside their fields. */
  onSubmit: (fields: OrganizationFields) => Promise<unknown>;
  onClose: () => void;
}) {
  const fields = organizationFields(useAdminDetail()?.forms);
  return (
    <FormModal
      opened={opened}
      title={title}
      fields={fields}
      entity={initial}
      submitLabel="Save"
      onSubmit={(payload) => onSubmit(payload as unknown as OrganizationFields)}
      onClose={onClose}
    />
  );
}
