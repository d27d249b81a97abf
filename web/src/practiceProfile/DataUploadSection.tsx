import { Stack, Title } from "@mantine/core";

/** The practice profile's Data upload section (filled in by issue 10, item 4). */
export function DataUploadSection() {
  return (
    <Stack gap="sm" id="data-upload">
      <Title order={3}>Data upload</Title>
    </Stack>
  );
}
