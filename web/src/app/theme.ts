import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** A sober blue-teal: clinical without being cold, and readable in tables and charts. */
const vitality: MantineColorsTuple = [
  "#e9f4f8",
  "#d5e7ee",
  "#a7cddc",
  "#77b1c9",
  "#5099b9",
  "#378aaf",
  "#2782aa",
  "#166f95",
  "#056386",
  "#005576",
];

export const theme = createTheme({
  primaryColor: "vitality",
  primaryShade: 7,
  colors: { vitality },
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "600" },
  defaultRadius: "md",
  cursorType: "pointer",
  // Users who ask their system for less motion get no menu and modal animations.
  respectReducedMotion: true,
  components: {
    Paper: { defaultProps: { withBorder: true, radius: "md" } },
    Card: { defaultProps: { withBorder: true, radius: "md" } },
  },
});
