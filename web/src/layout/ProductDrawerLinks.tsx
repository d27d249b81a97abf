import { NavLink } from "@mantine/core";
import { IconCertificate, IconCopyright, IconFileText, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { NavDrawerLink } from "./NavDrawerLink.tsx";
import { SITE_CONTENT_TITLES, type SiteContentKey, SiteContentModal } from "./SiteContentModal.tsx";

const CONTENT_ICONS: Record<SiteContentKey, typeof IconInfoCircle> = {
  aboutText: IconInfoCircle,
  licenceText: IconCertificate,
  copyrightText: IconCopyright,
};

/** The product menu (ProductMenu) as drawer entries: About, Licence and Copyright in modals, the agreement. */
export function ProductDrawerLinks() {
  const [content, setContent] = useState<SiteContentKey>();
  return (
    <>
      {(Object.keys(SITE_CONTENT_TITLES) as SiteContentKey[]).map((key) => {
        const Icon = CONTENT_ICONS[key];
        return (
          <NavLink
            key={key}
            component="button"
            label={SITE_CONTENT_TITLES[key]}
            leftSection={<Icon size={18} />}
            onClick={() => setContent(key)}
          />
        );
      })}
      <NavDrawerLink to="/agreement" label="Agreement" leftSection={<IconFileText size={18} />} />
      <SiteContentModal content={content} onClose={() => setContent(undefined)} />
    </>
  );
}
