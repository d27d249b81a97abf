import { z } from "zod";
import { sqlNumber, sqlTextOrNull } from "../../server/engine/sqlRunner.ts";
import { defineScheme } from "../../server/schemes/scheme.ts";
import { serviceCapabilitiesResult } from "./result.ts";
import { buildServiceCapabilities } from "./shape.ts";

const volumeRow = z.object({
  category: z.string(),
  is_surgical: z.boolean(),
  setting: sqlTextOrNull,
  place_name: sqlTextOrNull,
  rendering_npi: sqlTextOrNull,
  provider_name: sqlTextOrNull,
  volume: sqlNumber,
});
const revenueRow = z.object({
  category: sqlTextOrNull,
  payer_class: sqlTextOrNull,
  revenue: sqlNumber,
  units: sqlNumber,
});

export default defineScheme({
  id: "service_capabilities",
  kind: "SC",
  title: "Service capabilities",
  description:
    "Per category of service (the 16 sections): the practice's volume, the providers and places performing it, its setting mix, revenue and payer mix, and whether the practice profile declares it.",
  version: 1,
  dir: import.meta.dir,
  reads: [],
  result: serviceCapabilitiesResult,
  async run({ sql, profile, progress }) {
    const volumes = await sql.rows("volumes.sql", volumeRow);
    await progress(50, "volumes");
    const revenues = await sql.rows("revenue.sql", revenueRow);
    await progress(90, "revenue");
    return buildServiceCapabilities(volumes, revenues, profile.facilities);
  },
});
