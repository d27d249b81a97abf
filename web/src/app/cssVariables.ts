import type { CSSVariablesResolver } from "@mantine/core";

/**
 * Mantine's dimmed text (gray-6, #868e96) reads at about 3.3:1 on white and less on the page's gray
 * background: under WCAG AA's 4.5:1 for body text (axe: color-contrast). gray-7 reads at about 7:1.
 * Error text (red-6, about 3.3:1) is red-8.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-8)",
  },
  dark: {},
});
