import { createTheme, type MantineColorsTuple } from "@mantine/core";
import { READABLE_COLORS, withReadableText } from "./readableColors.ts";

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
  colors: { ...READABLE_COLORS, vitality: withReadableText(vitality) },
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
    // A dialog's and a drawer's X are icon buttons: without a name a screen reader reads "button".
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // A spinner named by aria-label needs a role that may carry a name: a status, announced politely.
    Loader: { defaultProps: { role: "status", "aria-label": "Loading" } },
    // A table wider than its card scrolls: the keyboard must reach the scroller to scroll it (axe:
    // scrollable-region-focusable) when the table holds no link or button to tab to.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    Alert: { defaultProps: { closeButtonLabel: "Close" } },
    // Mantine's focus placeholder is a focusable role="presentation" div inside role="menu", which
    // menus may not hold (axe: aria-required-children). Without it the menu's own node takes the
    // focus on open and the arrow keys move to its items, as before.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
