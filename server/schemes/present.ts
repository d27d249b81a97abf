/**
 * How stored scheme runs read in the year detail (admin-area.md sections 3 and 4), in the calls'
 * answers and in the live events that patch an open year detail - one presentation for all three.
 */
import type { SchemeResultRow, ValidationRow } from "./store.ts";

export interface ValidationView {
  valid: boolean;
  done: boolean;
  running_on: string | null;
  /**
   * What the run found: for global, speciality, mix_capacity, ln_volumes and the six notes
   * (admin-area.md section 3, "Validation"); for facility/provider, the reviewed rows. null before a run stored one.
   */
  note: unknown;
  updated_at: string;
  /** An input changed since this result was computed (derived: server/organisations/yearInputs.ts): run again. */
  outdated: boolean;
}

/** null = Todo; done=false = running; done without valid = 'Validate anyway'; valid = 'Valid'. */
export function validationView(row: ValidationRow | undefined, outdated: boolean): ValidationView | null {
  if (!row) return null;
  const result = row.result as { note?: unknown } | null;
  return {
    valid: row.valid,
    done: row.done,
    running_on: row.runningOn,
    note: (row.type === "global" ? result?.note : result) ?? null,
    updated_at: row.updatedAt.toISOString(),
    outdated,
  };
}

/**
 * A generator's entry: null = Todo (never generated); false = Generation (running); a failed run =
 * {status: 'failed', error} (generate again); done = the stored result with its version.
 */
export function schemeView(row: SchemeResultRow | undefined, outdated: boolean) {
  if (!row) return null;
  if (row.status === "running") return false as const;
  if (row.status === "failed") return { status: "failed" as const, error: row.error };
  return {
    status: "done" as const,
    done: true,
    plugin_version: row.pluginVersion,
    updated_at: row.updatedAt.toISOString(),
    /** An input changed since: shown, not counted; generate again. */
    outdated,
    result: row.result,
  };
}
