import { Stack, Title } from "@mantine/core";

/** The practice profile's Questionnaire section (filled in by issue 10, item 5). */
export function QuestionnaireSection() {
  return (
    <Stack gap="sm" id="questionnaire">
      <Title order={3}>Questionnaire</Title>
    </Stack>
  );
}
