import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A list shown two ways: `phone` below Mantine's small breakpoint (768 px: cards, one per row, their
 * actions in reach), `wide` from it up (the table). A wide table on a phone scrolls sideways and
 * hides what its last columns hold.
 */
export function PhoneOrWide({ phone, wide }: { phone: ReactNode; wide: ReactNode }) {
  return (
    <>
      <Box hiddenFrom="sm">{phone}</Box>
      <Box visibleFrom="sm">{wide}</Box>
    </>
  );
}
