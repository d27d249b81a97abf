import { Button, Menu } from "@mantine/core";
import {
  IconCertificate,
  IconChevronDown,
  IconCopyright,
  IconFileText,
  IconInfoCircle,
} from "@tabler/icons-react";
import { useState } from "react";
import { MenuItemLink } from "../components/links.tsx";
import classes from "./nav.module.css";
import { type SiteContentKey, SiteContentModal } from "./SiteContentModal.tsx";

/** The product menu: About, Licence and Copyright in modals, and the agreement page. */
export function ProductMenu() {
  const [content, setContent] = useState<SiteContentKey>();
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          <Button variant="subtle" className={classes.navButton} rightSection={<IconChevronDown size={14} />}>
            Menu
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={() => setContent("aboutText")}>
            About product
          </Menu.Item>
          <Menu.Item leftSection={<IconCertificate size={16} />} onClick={() => setContent("licenceText")}>
            Licence
          </Menu.Item>
          <Menu.Item leftSection={<IconCopyright size={16} />} onClick={() => setContent("copyrightText")}>
            Copyright
          </Menu.Item>
          <Menu.Divider />
          <MenuItemLink to="/agreement" leftSection={<IconFileText size={16} />}>
            Agreement
          </MenuItemLink>
        </Menu.Dropdown>
      </Menu>
      <SiteContentModal content={content} onClose={() => setContent(undefined)} />
    </>
  );
}
