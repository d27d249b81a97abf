import "@mantine/tiptap/styles.css";
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import { errorMessage } from "../../api/errors.ts";
import { RichText } from "../../components/RichText.tsx";

/**
 * One rich text of Manage contents (About product, Licence, Copyright): a Tiptap editor started
 * from the stored HTML, Update (saves it; the server sanitises) and Show (a read-only modal of the
 * text as customers will see it, through the same allow-list).
 */
export function RichTextBlock({
  title,
  html,
  pending,
  error,
  saved,
  onUpdate,
}: {
  title: string;
  html: string;
  pending: boolean;
  error: unknown;
  saved: boolean;
  onUpdate: (html: string) => void;
}) {
  const [showing, setShowing] = useState(false);
  const editor = useEditor({
    shouldRerenderOnTransaction: true,
    immediatelyRender: true,
    // Links are Mantine's Link; only http, https and mailto pass the server's allow-list anyway.
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ["http", "https", "mailto"] }),
    ],
    content: html,
    // The editable area is the textbox a screen reader lands in: it needs its own name (axe:
    // aria-input-field-name); the wrapper's aria-label does not reach it.
    editorProps: { attributes: { "aria-label": `${title} text`, "aria-multiline": "true" } },
  });

  return (
    <Paper p="md" withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => setShowing(true)}>
              Show
            </Button>
            <Button loading={pending} onClick={() => editor && onUpdate(editor.getHTML())}>
              Update
            </Button>
          </Group>
        </Group>
        <RichTextEditor editor={editor} aria-label={`${title} editor`}>
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={140} />
        </RichTextEditor>
        {error ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : saved ? (
          <Text size="sm" c="green.8">
            {title} updated.
          </Text>
        ) : null}
      </Stack>
      <Modal opened={showing} onClose={() => setShowing(false)} title={title} size="lg" centered>
        <RichText html={editor?.getHTML() ?? html} />
      </Modal>
    </Paper>
  );
}
