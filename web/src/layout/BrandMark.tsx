import { Group, Stack, Text } from "@mantine/core";

/** The product's name and mark, as it appears in every bar and on the sign-in pages. */
export function BrandMark({ caption }: { caption?: string }) {
  return (
    <Group gap={10} wrap="nowrap" miw={0}>
      <svg style={{ flexShrink: 0 }} width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-vitality-7)" />
        <path
          d="M6 17h5l3-7 4 13 3-6h5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* miw 0: on a phone a long organisation name is cut with an ellipsis instead of pushing the bar wider. */}
      <Stack gap={0} miw={0}>
        <Text fw={700} size="lg" lh={1.1} c="vitality.9">
          Vitality
        </Text>
        {/* Not drawn in the column; it keeps the two lines two words for those who read the text. */}{" "}
        {caption ? (
          <Text size="xs" c="dimmed" lh={1.1} truncate>
            {caption}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
