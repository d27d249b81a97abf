import { DEFAULT_THEME, darken, luminance, type MantineColorsTuple } from "@mantine/core";

/** WCAG AA for text under 18.66 px bold / 24 px (badges, table notes): 4.5:1, with a margin. */
const TEXT_CONTRAST = 4.6;
/** The darkest light background text sits on: gray-1 (table stripes, the page's gray). */
const DARKEST_LIGHT_BACKGROUND = DEFAULT_THEME.colors.gray[1];

export const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The shade darkened in steps of 5 % until it reads at 4.6:1 on `background`. */
function readableOn(shade: string, background: string): string {
  let colour = shade;
  for (let step = 1; step <= 12 && contrastRatio(colour, background) < TEXT_CONTRAST; step++) {
    colour = darken(shade, step * 0.05);
  }
  return colour;
}

/**
 * The palette with its text shades readable: the theme's primary shade (7) is the fill under white
 * button text and the text of "white" and "subtle" buttons; screens write status text in shade 8
 * ("green.8", "orange.8"); Mantine's light variants (badges, light buttons) write shade 9 on shade 1.
 * For red, green, teal, yellow, orange and others those read under 4.5:1 (axe: color-contrast);
 * each is darkened just enough, on the darker of shade 1 and gray-1 (shade 7: under white).
 */
export function withReadableText(palette: MantineColorsTuple): MantineColorsTuple {
  const background =
    luminance(palette[1]) < luminance(DARKEST_LIGHT_BACKGROUND) ? palette[1] : DARKEST_LIGHT_BACKGROUND;
  const shades = [...palette];
  shades[7] = readableOn(palette[7], DARKEST_LIGHT_BACKGROUND);
  shades[8] = readableOn(palette[8], background);
  shades[9] = readableOn(palette[9], background);
  return shades as unknown as MantineColorsTuple;
}

/** Mantine's named colours (except the dark scale, meant for dark backgrounds) with readable text. */
export const READABLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== "dark")
    .map(([name, palette]) => [name, withReadableText(palette)]),
);
