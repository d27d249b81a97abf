import { Table, Text } from "@mantine/core";
import { IconBuildingHospital, IconEdit, IconMapPinPlus, IconTrash } from "@tabler/icons-react";
import type { FacilityView } from "../api/onboarding.ts";
import sticky from "../components/StickyActions.module.css";
import type { ProfileAction } from "./ProfileActionModals.tsx";
import { ProfileListSection } from "./ProfileListSection.tsx";
import { RowMenu } from "./RowMenu.tsx";

export const NO_FACILITY_NOTICE = "At least one facility is needed";

/**
 * The practice's facilities, each followed by its locations (customer-area.md section 2): a row
 * menu edits, deletes or adds a location to a facility; a location's menu edits or deletes it. A
 * red notice stands while there is none.
 */
export function FacilitiesSection({
  facilities,
  onAction,
}: {
  facilities: FacilityView[];
  onAction: (action: ProfileAction) => void;
}) {
  return (
    <ProfileListSection
      id="facilities"
      icon={<IconBuildingHospital size={20} />}
      title="Facilities"
      addLabel="Add facility"
      onAdd={() => onAction({ kind: "facility-add" })}
      emptyNotice={facilities.length === 0 ? NO_FACILITY_NOTICE : undefined}
      headers={
        <>
          <Table.Th w={120}>NPI</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Address</Table.Th>
        </>
      }
    >
      {facilities.flatMap((facility) => [
        <Table.Tr key={facility.id} data-facility={facility.name}>
          <Table.Td>{facility.npi}</Table.Td>
          <Table.Td fw={600}>{facility.name}</Table.Td>
          <Table.Td>
            <Text size="sm">{facility.physical_full_address}</Text>
          </Table.Td>
          <Table.Td className={sticky.cell}>
            <RowMenu
              label={`Actions for ${facility.name}`}
              items={[
                {
                  label: "Edit",
                  icon: <IconEdit size={14} />,
                  onClick: () => onAction({ kind: "facility-edit", facility }),
                },
                {
                  label: "Add location",
                  icon: <IconMapPinPlus size={14} />,
                  onClick: () => onAction({ kind: "location-add", facility }),
                },
                {
                  label: "Delete",
                  icon: <IconTrash size={14} />,
                  color: "red",
                  onClick: () => onAction({ kind: "facility-delete", facility }),
                },
              ]}
            />
          </Table.Td>
        </Table.Tr>,
        ...(facility.locations ?? []).map((location) => (
          <Table.Tr key={location.id} data-location={location.name}>
            <Table.Td>
              <Text size="xs" c="dimmed">
                Location
              </Text>
            </Table.Td>
            <Table.Td pl="lg">{location.name}</Table.Td>
            <Table.Td>
              <Text size="sm">{location.physical_full_address}</Text>
            </Table.Td>
            <Table.Td className={sticky.cell}>
              <RowMenu
                label={`Actions for ${location.name}`}
                items={[
                  {
                    label: "Edit location",
                    icon: <IconEdit size={14} />,
                    onClick: () => onAction({ kind: "location-edit", location }),
                  },
                  {
                    label: "Delete location",
                    icon: <IconTrash size={14} />,
                    color: "red",
                    onClick: () => onAction({ kind: "location-delete", location }),
                  },
                ]}
              />
            </Table.Td>
          </Table.Tr>
        )),
      ])}
    </ProfileListSection>
  );
}
