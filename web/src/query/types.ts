/**
 * The parts of the analyses' answers the answer schemas leave open: the view descriptor (the
 * server's own definition, type-only: nothing of the server is bundled) and the filters' JSON
 * Schema. The manifest and run answers themselves are typed in web/src/api/answers.ts.
 */
import type {
  ChartDescriptor,
  MapDescriptor,
  PriceBasis,
  TableColumn,
  TableDescriptor,
  ValueFormat,
  ViewDescriptor,
} from "../../../server/engine/view.ts";

export type {
  ChartDescriptor,
  MapDescriptor,
  PriceBasis,
  TableColumn,
  TableDescriptor,
  ValueFormat,
  ViewDescriptor,
};

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
