import { ActionIcon, type ActionIconProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";

type AnchorElementProps = Omit<ComponentPropsWithRef<"a">, "color" | "style">;

function ActionIconBase(props: ActionIconProps & AnchorElementProps) {
  return <ActionIcon component="a" {...props} />;
}

/** A Mantine ActionIcon as a typed router link (a real <a href>), for bars with no room for words. */
export const ActionIconLink = createLink(ActionIconBase);
