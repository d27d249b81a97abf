import { z } from "zod";
import { SERVICE_LINE_LABELS, SERVICE_LINES } from "../../server/engine/filters.ts";
import { sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/sqlRunner.ts";
import { defineScheme } from "../../server/schemes/scheme.ts";
import {
  fteOf,
  lnNote,
  OTHER_SERVICES,
  type OtherService,
  otherServiceNote,
  SUBSPECIALITIES,
  sitesOffering,
  specialityNote,
} from "./rules.ts";

const specialityRow = z.object({ service_line: sqlText, practice_cases: sqlNumber, market_cases: sqlNumber });
const providerLineRow = z.object({ service_line: sqlText, rendering_npi: sqlTextOrNull, cases: sqlNumber });
const lnRow = z.object({ npi: sqlText, full_name: sqlText, ln: sqlNumber, upload: sqlNumber });
const otherRow = z.object({ category: sqlText, volume: sqlNumber });

const otherNotes = Object.fromEntries(
  (Object.keys(OTHER_SERVICES) as OtherService[]).map((key) => [key, z.string()]),
) as Record<OtherService, z.ZodString>;

/** The global validation's note (admin-area.md section 3, "Validation"). */
export const globalNote = z.object({
  speciality: z.array(z.object({ service: z.string(), note: z.string() })),
  mix_capacity: z.array(
    z.object({ subspeciality: z.string(), volume: z.number(), service_capacity: z.number() }),
  ),
  ln_volumes: z.array(
    z.object({ provider_name: z.string(), ln: z.number(), upload: z.number(), note: z.string() }),
  ),
  ...otherNotes,
});
export type GlobalNote = z.infer<typeof globalNote>;

const round2 = (value: number) => Math.round(value * 100) / 100;

export default defineScheme({
  id: "validation_global",
  kind: "validation",
  title: "Global validation",
  description:
    "Speciality (practice against market mix per surgical line), mix capacity (volume and FTE capacity per " +
    "subspeciality), market against upload volumes per provider, and six notes on services offered but absent " +
    "from the data (or the reverse).",
  version: 1,
  dir: import.meta.dir,
  reads: [],
  result: z.object({ valid: z.boolean(), note: globalNote }),
  async run(context) {
    const { profile } = context;

    const lines = await context.sql.rows("speciality.sql", specialityRow, {
      service_lines: [...SERVICE_LINES],
    });
    const totals = {
      practice: lines.reduce((sum, row) => sum + row.practice_cases, 0),
      market: lines.reduce((sum, row) => sum + row.market_cases, 0),
    };
    const speciality = SERVICE_LINES.map((line) => {
      const row = lines.find((candidate) => candidate.service_line === line);
      return {
        service: SERVICE_LINE_LABELS[line],
        note: specialityNote({ practice: row?.practice_cases ?? 0, market: row?.market_cases ?? 0 }, totals),
      };
    });
    await context.progress(25);

    const fteByNpi = new Map(profile.providers.map((provider) => [provider.npi, fteOf(provider)]));
    const providerLines = await context.sql.rows("provider_line_cases.sql", providerLineRow);
    const mix_capacity = SUBSPECIALITIES.map(({ line, name }) => {
      const rows = providerLines.filter((row) => row.service_line === line);
      const performers = new Set(rows.filter((row) => row.cases > 0).map((row) => row.rendering_npi));
      return {
        subspeciality: name,
        volume: rows.reduce((sum, row) => sum + row.cases, 0),
        service_capacity: round2(
          [...performers].reduce((sum, npi) => sum + (fteByNpi.get(npi ?? "") ?? 0), 0),
        ),
      };
    });
    await context.progress(50);

    const ln_volumes = (await context.sql.rows("ln_volumes.sql", lnRow)).map((row) => ({
      provider_name: row.full_name,
      ln: row.ln,
      upload: row.upload,
      note: lnNote(row.ln, row.upload),
    }));
    await context.progress(75);

    const keys = Object.keys(OTHER_SERVICES) as OtherService[];
    const volumes = await context.sql.rows("other_services.sql", otherRow, {
      categories: keys.map((key) => OTHER_SERVICES[key].category),
    });
    const others = Object.fromEntries(
      keys.map((key) => {
        const volume = volumes.find((row) => row.category === OTHER_SERVICES[key].category)?.volume ?? 0;
        return [
          key,
          otherServiceNote(key, sitesOffering(profile.facilities, OTHER_SERVICES[key].services), volume),
        ];
      }),
    ) as Record<OtherService, string>;

    const note: GlobalNote = { speciality, mix_capacity, ln_volumes, ...others };
    const notes = [
      ...speciality.map((entry) => entry.note),
      ...ln_volumes.map((entry) => entry.note),
      ...keys.map((key) => others[key]),
    ];
    // Valid when no rule found anything to say; otherwise staff read the notes and may 'Validate anyway'.
    return { valid: notes.every((text) => text === ""), note };
  },
});
