import { useSyncExternalStore } from "react";
import type { LiveItemAnswer } from "../api/answers.ts";

/**
 * Tasks and notifications received on the live channel for this session, by id (a task upserts the
 * same row as its progress moves). A tiny external store: the socket writes, headers read.
 */

/** A task or notification as the session checks and the live channel carry it (without `action`). */
export type LiveItem = Omit<LiveItemAnswer, "action">;

type Listener = () => void;

export class LiveStore {
  private items = new Map<string, LiveItem>();
  private snapshot: LiveItem[] = [];
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Newest first. */
  getSnapshot = () => this.snapshot;

  upsert(item: LiveItem) {
    this.items.set(item.id, item);
    this.publish();
  }

  remove(id: string) {
    if (this.items.delete(id)) this.publish();
  }

  clear() {
    this.items.clear();
    this.publish();
  }

  private publish() {
    this.snapshot = [...this.items.values()].sort((a, b) => b.emit_on.localeCompare(a.emit_on));
    for (const listener of this.listeners) listener();
  }
}

/** One store per page: there is one signed-in session (and so one channel) at a time. */
export const liveStore = new LiveStore();

export function useLiveItems(type: LiveItem["type"]): LiveItem[] {
  const items = useSyncExternalStore(liveStore.subscribe, liveStore.getSnapshot);
  return items.filter((item) => item.type === type);
}
