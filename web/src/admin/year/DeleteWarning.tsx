import { Alert, List, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";

/** What deleting a year or its file loses (admin-area.md section 8). */
export const DELETED_DATA = [
  "Professional Fees",
  "Facility Fees",
  "Payors Classification",
  "Services Capabilities",
  "Macro Capabilities",
  "Scoring",
  "Questionnaire",
  "Facility, Provider and Global Validation",
];

export function DeleteWarning({ year }: { year: number }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Warning">
      <Text size="sm" mb={6}>
        All the customer's data for {year} will be deleted:
      </Text>
      <List size="sm" spacing={2}>
        {DELETED_DATA.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
