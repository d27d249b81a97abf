import { Box, Center, Container, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { BrandMark } from "./BrandMark.tsx";
import classes from "./PublicShell.module.css";

/** Pages reachable without a session: the brand on top, the content in a centred column. */
export function PublicShell({ children, width = 440 }: { children: ReactNode; width?: number }) {
  return (
    <Box className={classes.page}>
      <Container size={width} py={56}>
        <Stack gap="xl">
          <Center>
            <BrandMark caption="Market analytics for orthopaedic practices" />
          </Center>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
