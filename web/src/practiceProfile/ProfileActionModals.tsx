import { useMutation } from "@tanstack/react-query";
import { ConfirmModal } from "../admin/shared/ConfirmModal.tsx";
import {
  addFacility,
  addLocation,
  addProvider,
  deleteFacility,
  deleteLocation,
  deleteProvider,
  type FacilityView,
  type LocationView,
  type NewFacility,
  type NewLocation,
  type NewProvider,
  type ProviderView,
  updateFacility,
  updateLocation,
  updateProvider,
} from "../api/onboarding.ts";
import { FormModal } from "../forms/FormModal.tsx";
import type { OnboardingForms } from "../forms/sessionForms.ts";
import { facilityLookup, providerLookup } from "./npiLookups.ts";
import { useProfileWrite } from "./profileWrites.ts";
import { workAtChoices } from "./workAtChoices.ts";

/** What a row menu (or an add button) asked for. */
export type ProfileAction =
  | { kind: "facility-add" }
  | { kind: "facility-edit"; facility: FacilityView }
  | { kind: "facility-delete"; facility: FacilityView }
  | { kind: "location-add"; facility: FacilityView }
  | { kind: "location-edit"; location: LocationView }
  | { kind: "location-delete"; location: LocationView }
  | { kind: "provider-add" }
  | { kind: "provider-edit"; provider: ProviderView }
  | { kind: "provider-delete"; provider: ProviderView };

/**
 * The modals behind the facility, location and provider row menus, shared by the customer's
 * practice profile and the staff year detail: the forms the server delivered (with the NPI
 * look-ups and the provider's 'Works at' names), and the delete confirmations. Staff pass the
 * organisation's id, which every write carries as organization_id.
 */
export function ProfileActionModals({
  action,
  forms,
  facilities,
  organizationId,
  onClose,
}: {
  action: ProfileAction | undefined;
  forms: OnboardingForms;
  facilities: FacilityView[];
  organizationId?: string;
  onClose: () => void;
}) {
  const write = useProfileWrite();
  const owner = organizationId ? { organization_id: organizationId } : {};
  const remove = useMutation({
    mutationFn: (current: ProfileAction): Promise<unknown> => {
      switch (current.kind) {
        case "facility-delete":
          return write(
            () => deleteFacility({ id: current.facility.id, ...owner }),
            `${current.facility.name} is deleted.`,
          );
        case "location-delete":
          return write(
            () => deleteLocation({ id: current.location.id, ...owner }),
            `${current.location.name} is deleted.`,
          );
        case "provider-delete":
          return write(
            () => deleteProvider({ id: current.provider.id, ...owner }),
            `${current.provider.full_name} is deleted.`,
          );
        default:
          return Promise.resolve(undefined);
      }
    },
    onSuccess: onClose,
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  const submitted = (call: () => Promise<unknown>, done: string) => async () => {
    await write(call, done);
    onClose();
  };

  const kind = action?.kind;
  // A form's payload holds its fields: the form is drawn from the definition the server's body
  // schema is built from (server/forms/profileFields.ts), which the New* types are read from.
  const facilityForm = (
    <FormModal
      opened={kind === "facility-add" || kind === "facility-edit"}
      title={action?.kind === "facility-edit" ? `Edit ${action.facility.name}` : "Add a facility"}
      fields={forms.facility}
      entity={action?.kind === "facility-edit" ? action.facility : undefined}
      lookup={facilityLookup}
      onSubmit={(payload) =>
        action?.kind === "facility-edit"
          ? submitted(
              () => updateFacility({ ...payload, ...owner, id: action.facility.id }),
              `${payload.name} is updated.`,
            )()
          : submitted(
              () => addFacility({ ...(payload as NewFacility), ...owner }),
              `${payload.name} is added.`,
            )()
      }
      onClose={close}
    />
  );
  const locationForm = (
    <FormModal
      opened={kind === "location-add" || kind === "location-edit"}
      title={
        action?.kind === "location-edit"
          ? `Edit ${action.location.name}`
          : `Add a location to ${action?.kind === "location-add" ? action.facility.name : ""}`
      }
      fields={forms.location}
      entity={action?.kind === "location-edit" ? action.location : undefined}
      onSubmit={(payload) => {
        if (action?.kind === "location-edit") {
          return submitted(
            () => updateLocation({ ...payload, ...owner, id: action.location.id }),
            `${payload.name} is updated.`,
          )();
        }
        const facilityId = action?.kind === "location-add" ? action.facility.id : "";
        return submitted(
          () => addLocation({ ...(payload as NewLocation), ...owner, facility_id: facilityId }),
          `${payload.name} is added.`,
        )();
      }}
      onClose={close}
    />
  );
  const providerForm = (
    <FormModal
      opened={kind === "provider-add" || kind === "provider-edit"}
      title={action?.kind === "provider-edit" ? `Edit ${action.provider.full_name}` : "Add a provider"}
      fields={forms.provider}
      entity={action?.kind === "provider-edit" ? action.provider : undefined}
      extraChoices={{ name_work_at: workAtChoices(facilities) }}
      lookup={providerLookup}
      onSubmit={(payload) => {
        const name = `${payload.first_name} ${payload.last_name}`;
        return action?.kind === "provider-edit"
          ? submitted(
              () => updateProvider({ ...payload, ...owner, id: action.provider.id }),
              `${name} is updated.`,
            )()
          : submitted(() => addProvider({ ...(payload as NewProvider), ...owner }), `${name} is added.`)();
      }}
      onClose={close}
    />
  );

  const deleting = deletionText(action);
  return (
    <>
      {facilityForm}
      {locationForm}
      {providerForm}
      <ConfirmModal
        opened={deleting !== undefined}
        title={deleting?.title ?? ""}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (action) remove.mutate(action);
        }}
        onClose={close}
      >
        {deleting?.text}
      </ConfirmModal>
    </>
  );
}

function deletionText(action: ProfileAction | undefined): { title: string; text: string } | undefined {
  switch (action?.kind) {
    case "facility-delete":
      return {
        title: `Delete ${action.facility.name}`,
        text: `${action.facility.name} and its ${action.facility.locations?.length ?? 0} location(s) will be deleted. The validations of this practice will need to run again.`,
      };
    case "location-delete":
      return {
        title: `Delete ${action.location.name}`,
        text: `The location ${action.location.name} will be deleted. The validations of this practice will need to run again.`,
      };
    case "provider-delete":
      return {
        title: `Delete ${action.provider.full_name}`,
        text: `${action.provider.full_name} (NPI ${action.provider.npi}) will be deleted. The validations of this practice will need to run again.`,
      };
    default:
      return undefined;
  }
}
