/**
 * The manifest and run answers as the web app reads them. The view descriptor types come from the
 * server's own definition (type-only import: nothing of the server is bundled).
 */
import type {
  ChartDescriptor,
  MapDescriptor,
  TableColumn,
  TableDescriptor,
  ValueFormat,
  ViewDescriptor,
} from "../../../server/engine/view.ts";

export type { ChartDescriptor, MapDescriptor, TableColumn, TableDescriptor, ValueFormat, ViewDescriptor };

/** The subset of JSON Schema zod's toJSONSchema emits for the filter schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  title?: string;
}

/** Filter values as the screens hold them (the run call normalises them again). */
export type FilterValues = Record<string, unknown>;

export interface QueryManifest {
  id: string;
  title: string;
  theme: string;
  description: string;
  version: string;
  filters: JsonSchema;
  defaults: FilterValues;
  view: ViewDescriptor;
}

export interface Manifest {
  available_years: number[];
  themes: { theme: string; queries: string[] }[];
  queries: QueryManifest[];
}

/** POST /api/management/queries/querieN */
export interface RunResponse {
  querie: string;
  title: string;
  year: number;
  reference_year: number;
  filters: FilterValues;
  results: Record<string, unknown>;
}
