import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorMessage } from "../../api/errors.ts";

/** A yes/no confirmation; the confirm button waits for the action and shows its failure. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  color = "red",
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  color?: string;
  pending?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
        {error ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
