import { NavLink, type NavLinkProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";

type AnchorElementProps = Omit<ComponentPropsWithRef<"a">, "color" | "style">;

function NavLinkBase(props: NavLinkProps & AnchorElementProps) {
  return <NavLink component="a" {...props} />;
}

/** A Mantine NavLink as a typed router link (a real <a href>), for the navigation drawer. */
export const NavDrawerLink = createLink(NavLinkBase);
