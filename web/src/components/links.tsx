import { Anchor, type AnchorProps, Button, type ButtonProps, Menu, type MenuItemProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";

/**
 * Mantine components as typed router links: `to` and `params` are checked against the route tree,
 * and they render real <a href> elements (middle-click and "open in new tab" keep working).
 */

type AnchorElementProps = Omit<ComponentPropsWithRef<"a">, "color" | "style">;

function AnchorBase(props: AnchorProps & AnchorElementProps) {
  return <Anchor component="a" {...props} />;
}

function ButtonBase(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}

function MenuItemBase(props: MenuItemProps & AnchorElementProps) {
  return <Menu.Item component="a" {...props} />;
}

export const AnchorLink = createLink(AnchorBase);
export const ButtonLink = createLink(ButtonBase);
export const MenuItemLink = createLink(MenuItemBase);
