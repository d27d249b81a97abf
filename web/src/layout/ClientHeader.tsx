import { Box, Group, Menu } from "@mantine/core";
import { IconBuildingHospital, IconHelpCircle, IconLogout, IconUser } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { CustomerDetail } from "../api/answers.ts";
import { ButtonLink, MenuItemLink } from "../components/links.tsx";
import { useSignOut } from "../session/useSignOut.ts";
import { AnalysisNav } from "./AnalysisNav.tsx";
import { BrandMark } from "./BrandMark.tsx";
import classes from "./Header.module.css";
import { NavBurger } from "./NavBurger.tsx";
import { NotificationBell } from "./NotificationBell.tsx";
import { NAV_BREAKPOINT } from "./narrowNav.ts";
import navClasses from "./nav.module.css";
import { ProductMenu } from "./ProductMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";

/**
 * The customer's bar: brand and account tools on top, the analyses navigation below. On narrow
 * screens the navigation row, the practice profile and the product menu move into the drawer the
 * burger opens; the bell and the avatar stay.
 */
export function ClientHeader({
  detail,
  drawerOpened,
  onBurger,
}: {
  detail: CustomerDetail;
  drawerOpened: boolean;
  onBurger: () => void;
}) {
  const { profile, organization } = detail;
  const { signOut } = useSignOut();
  const agreementAccepted = organization.agreement_accepted;
  return (
    <Box className={classes.header}>
      <Group className={classes.topRow} justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" className={classes.brandGroup}>
          <NavBurger opened={drawerOpened} onClick={onBurger} />
          <Link to="/" className={classes.brandLink} aria-label={`Vitality ${organization.name}, home`}>
            <BrandMark caption={organization.name} />
          </Link>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {profile.is_staff && agreementAccepted ? (
            <ButtonLink
              visibleFrom={NAV_BREAKPOINT}
              to="/practice-profile"
              variant="subtle"
              className={navClasses.navButton}
              leftSection={<IconBuildingHospital size={16} />}
            >
              Practice profile
            </ButtonLink>
          ) : null}
          <Box visibleFrom={NAV_BREAKPOINT}>
            <ProductMenu />
          </Box>
          {agreementAccepted ? <NotificationBell /> : null}
          <UserMenu
            name={profile.username}
            email={profile.email}
            picture={"picture" in profile ? profile.picture : null}
          >
            <MenuItemLink to="/profile" leftSection={<IconUser size={16} />}>
              Profile
            </MenuItemLink>
            <MenuItemLink to="/helpcenter" leftSection={<IconHelpCircle size={16} />}>
              Help Center
            </MenuItemLink>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
              Logout
            </Menu.Item>
          </UserMenu>
        </Group>
      </Group>
      <Box className={classes.navRow} visibleFrom={NAV_BREAKPOINT}>
        <AnalysisNav initialized={organization.initialized} />
      </Box>
    </Box>
  );
}
