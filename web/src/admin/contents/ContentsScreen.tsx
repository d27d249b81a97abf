import { Stack } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SiteSettings } from "../../api/answers.ts";
import { siteSettingsQuery } from "../../api/siteSettings.ts";
import { type ContentName, updateContent, updateQueryTexts } from "../../api/siteSettingsUpdate.ts";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { TextsSection } from "./QueryTextsSection.tsx";
import { panelTitle, QUERY_KEYS, textsFrom } from "./queryTextFields.ts";
import { RichTextBlock } from "./RichTextBlock.tsx";

const BLOCKS: { name: ContentName; title: string; field: keyof SiteSettings["contents"] }[] = [
  { name: "about", title: "About product", field: "aboutText" },
  { name: "licence", title: "Licence", field: "licenceText" },
  { name: "copyright", title: "Copyright", field: "copyrightText" },
];

/**
 * Manage contents (admin-area.md section 2): the three rich texts of the product menu, the texts of
 * the ten query screens and the scoring screen. The editors start from the stored texts, so they
 * appear only once those have loaded. Each Update answers every setting as stored, which replaces
 * the cached settings the customer screens read.
 */
export function ContentsScreen() {
  const queryClient = useQueryClient();
  const settings = useQuery({ ...siteSettingsQuery(), staleTime: 0 });
  const stored = (answer: SiteSettings) => queryClient.setQueryData(siteSettingsQuery().queryKey, answer);

  const content = useMutation({
    mutationFn: ({ name, html }: { name: ContentName; html: string }) => updateContent(name, html),
    onSuccess: stored,
  });
  const queries = useMutation({ mutationFn: updateQueryTexts, onSuccess: stored });
  const scoring = useMutation({ mutationFn: updateQueryTexts, onSuccess: stored });

  if (settings.isPending) return <PendingScreen />;
  if (settings.isError) return <QueryErrorAlert error={settings.error} />;
  const texts = textsFrom(settings.data.queries);

  return (
    <Stack gap="xl">
      <ScreenTitle
        title="Manage contents"
        subtitle="The texts of the product menu, of the analyses and of the Strategic Vitality Score."
      />
      {BLOCKS.map((block) => {
        const mine = content.variables?.name === block.name;
        return (
          <RichTextBlock
            key={block.name}
            title={block.title}
            html={settings.data.contents[block.field] ?? ""}
            pending={content.isPending && mine}
            error={mine ? content.error : undefined}
            saved={content.isSuccess && mine}
            onUpdate={(html) => content.mutate({ name: block.name, html })}
          />
        );
      })}
      <TextsSection
        title="Queries"
        keys={QUERY_KEYS}
        panelTitle={panelTitle}
        initial={texts}
        columns={3}
        pending={queries.isPending}
        error={queries.error}
        saved={queries.isSuccess}
        onUpdate={(all) => queries.mutate(all)}
      />
      <TextsSection
        title="Scoring"
        keys={["scoring"]}
        initial={texts}
        columns={1}
        pending={scoring.isPending}
        error={scoring.error}
        saved={scoring.isSuccess}
        onUpdate={(all) => scoring.mutate(all)}
      />
    </Stack>
  );
}
