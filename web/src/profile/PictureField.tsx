import { Alert, Avatar, Button, FileButton, Group, Stack } from "@mantine/core";
import { IconAlertTriangle, IconPhotoUp } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { PICTURE_ACCEPT, pictureProblem } from "../../../server/forms/picture.ts";

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : (parts[0]?.slice(0, 2) ?? "?")
  ).toUpperCase();
}

/**
 * A picture (or logo) with its change button. The browser checks the picked file first - an image
 * of an accepted type, at most 2 MB, else the spec's alert (server/forms/picture.ts, the same rules
 * and words the server answers with) - and only a file that passes is handed to `onPick`. The
 * server checks the bytes again; its refusal arrives in `error`.
 */
export function PictureField({
  src,
  name,
  label,
  buttonLabel,
  radius = "xl",
  pending,
  error,
  readOnly,
  onPick,
}: {
  src: string | null | undefined;
  name: string;
  label: string;
  buttonLabel: string;
  radius?: "xl" | "md";
  pending?: boolean;
  error?: string;
  readOnly?: boolean;
  onPick: (file: File) => void;
}) {
  const [problem, setProblem] = useState<string>();
  // Cleared after each pick, so picking the same file again (after a refusal) is seen.
  const resetRef = useRef<() => void>(null);
  const shown = problem ?? error;
  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="md" wrap="nowrap">
        <Avatar src={src ?? undefined} alt={label} size={84} radius={radius} color="vitality">
          {initials(name)}
        </Avatar>
        {readOnly ? null : (
          <FileButton
            accept={PICTURE_ACCEPT}
            resetRef={resetRef}
            onChange={(file) => {
              const found = pictureProblem(file);
              setProblem(found);
              resetRef.current?.();
              if (!found && file) onPick(file);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhotoUp size={14} />}
                loading={pending}
                aria-label={buttonLabel}
              >
                {buttonLabel}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {shown ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert" py={6}>
          {shown}
        </Alert>
      ) : null}
    </Stack>
  );
}
