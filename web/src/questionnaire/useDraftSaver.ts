import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { saveQuestionnaireDraft } from "../api/questionnaire.ts";
import type { Answers } from "./questionnaireForm.ts";

/** Quiet time after the last change before the draft is sent: one request per pause, not per key. */
export const DRAFT_DEBOUNCE_MS = 800;

export type DraftStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "failed"; message: string };

/**
 * Keeps the customer's questionnaire draft on the server as they answer: each change waits
 * DRAFT_DEBOUNCE_MS for the next one, then the latest answers and furthest step are sent. A change
 * still waiting when the page goes away (reload, tab closed) is sent at once, with keepalive.
 */
export function useDraftSaver(year: number) {
  const [status, setStatus] = useState<DraftStatus>({ kind: "idle" });
  const pending = useRef<{ answers: Answers; step: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(
    async (keepalive = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const draft = pending.current;
      if (!draft) return;
      pending.current = null;
      setStatus({ kind: "saving" });
      try {
        await saveQuestionnaireDraft(year, draft.answers, draft.step, { keepalive });
        // A newer change may be waiting already; its own save reports then.
        if (!pending.current) setStatus({ kind: "saved", at: new Date() });
      } catch (error) {
        setStatus({ kind: "failed", message: errorMessage(error) });
      }
    },
    [year],
  );

  const save = useCallback(
    (answers: Answers, step: number) => {
      pending.current = { answers, step };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_DEBOUNCE_MS);
    },
    [flush],
  );

  /** Drops a change not sent yet (the answers are being submitted: the server discards the draft). */
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  useEffect(() => {
    const leaving = () => void flush(true);
    window.addEventListener("pagehide", leaving);
    return () => {
      window.removeEventListener("pagehide", leaving);
      void flush(true);
    };
  }, [flush]);

  return { status, save, cancel };
}
