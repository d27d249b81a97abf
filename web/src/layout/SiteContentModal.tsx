import { Alert, Center, Loader, Modal } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { SiteSettings } from "../api/answers.ts";
import { errorMessage } from "../api/errors.ts";
import { siteSettingsQuery } from "../api/siteSettings.ts";
import { RichText } from "../components/RichText.tsx";

export type SiteContentKey = keyof SiteSettings["contents"];

export const SITE_CONTENT_TITLES: Record<SiteContentKey, string> = {
  aboutText: "About product",
  licenceText: "Licence",
  copyrightText: "Copyright",
};

/** About / Licence / Copyright: staff-edited rich text from the site settings; a backdrop click closes. */
export function SiteContentModal({
  content,
  onClose,
}: {
  content: SiteContentKey | undefined;
  onClose: () => void;
}) {
  const settings = useQuery({ ...siteSettingsQuery(), enabled: content !== undefined });
  const html = content ? settings.data?.contents?.[content] : undefined;
  return (
    <Modal
      opened={content !== undefined}
      onClose={onClose}
      title={content ? SITE_CONTENT_TITLES[content] : undefined}
      size="lg"
      closeOnClickOutside
      centered
    >
      {settings.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : settings.isError ? (
        <Alert color="gray" variant="light">
          This text cannot be loaded right now ({errorMessage(settings.error)}).
        </Alert>
      ) : html ? (
        <RichText html={html} />
      ) : (
        <Alert color="gray" variant="light">
          This text has not been written yet.
        </Alert>
      )}
    </Modal>
  );
}
