/**
 * `vitality generate` options (data-contract.md section 8), parsed and checked before anything is
 * opened: a bad option is reported by name and the command exits with the usage.
 */
import { parseArgs } from "node:util";
import { z } from "zod";

/** The steps in the order they run; `validations` is facility and provider, then global after sc. */
export const STEPS = ["validations", "sc", "mc", "mp", "scoring"] as const;
export type Step = (typeof STEPS)[number];

export const usage =
  "vitality generate --fixture DIR --org SLUG|--all --years Y1,Y2 --out DIR [--steps validations,sc,mc,mp,scoring] [--questionnaire FILE] [--validate-anyway]";

const optionsSchema = z
  .object({
    fixture: z.string({ message: "--fixture is required" }).min(1, "--fixture is required"),
    org: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/, "--org must be an organisation folder name (slug)")
      .optional(),
    all: z.boolean(),
    years: z
      .string({ message: "--years is required" })
      .regex(/^\d{4}(,\d{4})*$/, "--years must be 4-digit years separated by commas")
      .transform((value) => [...new Set(value.split(",").map(Number))].sort((a, b) => a - b)),
    steps: z
      .string()
      .default(STEPS.join(","))
      .transform((value) => value.split(",").map((step) => step.trim()))
      .pipe(
        z
          .array(z.enum(STEPS, { message: `--steps: each step must be one of ${STEPS.join(", ")}` }))
          .min(1, "--steps: name at least one step"),
      )
      // Always run in the order of STEPS, whatever order they were given in.
      .transform((steps) => STEPS.filter((step) => steps.includes(step))),
    out: z.string({ message: "--out is required" }).min(1, "--out is required"),
    questionnaire: z.string().min(1, "--questionnaire needs a file").optional(),
    "validate-anyway": z.boolean(),
  })
  .refine((options) => (options.org === undefined) !== !options.all, {
    message: "give either --org SLUG or --all",
  });

export type GenerateOptions = z.infer<typeof optionsSchema>;

export type ParsedOptions = { ok: true; options: GenerateOptions } | { ok: false; message: string };

export function parseGenerateOptions(args: string[]): ParsedOptions {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        fixture: { type: "string" },
        org: { type: "string" },
        all: { type: "boolean", default: false },
        years: { type: "string" },
        steps: { type: "string" },
        out: { type: "string" },
        questionnaire: { type: "string" },
        "validate-anyway": { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, options: parsed.data };
}
