import { Alert } from "@mantine/core";
import { IconCalendarTime, IconCurrencyDollarOff, IconFilterOff, IconLock } from "@tabler/icons-react";
import { EMPTY_STATES, type EmptyStateKind } from "./emptyStates.ts";

const ICONS: Record<EmptyStateKind, typeof IconFilterOff> = {
  "no-data": IconFilterOff,
  "one-year": IconCalendarTime,
  "not-initialized": IconLock,
  "no-price": IconCurrencyDollarOff,
};

/**
 * The one look of every analysis's empty or partial state (emptyStates.ts): an icon, what is
 * missing as its title, and what to do or what the result says as its text. A status, not an
 * alarm: nothing went wrong.
 */
export function EmptyState({ kind, text, id }: { kind: EmptyStateKind; text?: string; id?: string }) {
  const Icon = ICONS[kind];
  const state = EMPTY_STATES[kind];
  return (
    <Alert
      role="status"
      color={kind === "not-initialized" ? "blue" : "gray"}
      variant="light"
      icon={<Icon aria-hidden="true" />}
      title={state.title}
      data-empty-state={kind}
      data-note={id}
    >
      {text ?? state.text}
    </Alert>
  );
}
