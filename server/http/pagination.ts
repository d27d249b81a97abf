/**
 * Cursor pagination of the lists an organisation can grow (docs/api.md): `limit` and `cursor` in
 * the query, `next_cursor` in the answer (null on the last page). Keyset, not offset: a page is the
 * rows after the previous page's last one in a stable order that ends on a unique column, so a row
 * added or removed meanwhile never shifts a page, and page 500 costs what page 1 does. The cursor
 * is opaque to clients (base64url of the last row's key as PostgreSQL prints it, so a timestamp
 * keeps its microseconds) and checked when it comes back.
 */
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "./errors.ts";

/** The most rows one page may ask for. */
export const MAX_PAGE_SIZE = 200;

/** `limit` and `cursor` of a list's query string; `defaultLimit` is the page its screen shows. */
export const pageQuery = (defaultLimit: number) =>
  z.strictObject({
    limit: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultLimit)
      .describe(`Rows per page: 1 to ${MAX_PAGE_SIZE} (${defaultLimit} when left out).`),
    cursor: z
      .string()
      .max(512, "must be at most 512 characters")
      .optional()
      .describe("The `next_cursor` of the previous page; left out for the first page."),
  });

export type PageRequest = z.output<ReturnType<typeof pageQuery>>;

type KeyType = "timestamptz" | "uuid" | "text" | "integer" | "boolean";

export interface KeyPart {
  column: AnyColumn;
  type: KeyType;
  direction?: "asc" | "desc";
}

const VALID: Record<KeyType, (value: string) => boolean> = {
  timestamptz: (value) => !Number.isNaN(Date.parse(value.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"))),
  uuid: (value) => z.uuid().safeParse(value).success,
  text: () => true,
  integer: (value) => /^-?\d{1,18}$/.test(value),
  // PostgreSQL prints a boolean as text this way (`true::text`).
  boolean: (value) => value === "true" || value === "false",
};

const badCursor = () => {
  const message = "is not a cursor of this list (send back the `next_cursor` of its previous page)";
  return new HttpError(400, `cursor: ${message}`, [{ field: "cursor", message }]);
};

/**
 * The order of a list and its cursors. The last part must be unique (an id), so the order is total.
 * Select `pageKey` with the rows; `after(cursor)` is the condition of the page that follows.
 */
export function keyset(parts: KeyPart[]) {
  // Bound as text, then cast in SQL: postgres-js otherwise encodes the value for the type the server
  // infers (`$1::boolean`) itself, and sends the string "true" as false (the FAQ's promoted-first
  // pages on PostgreSQL, server/routes/helpcenter.test.ts).
  const castOf = (part: KeyPart, value: string) => sql`${value}::text::${sql.raw(part.type)}`;
  /** Rows strictly after `values` in the order: (a > x) or (a = x and b > y) or ... */
  const afterValues = (values: string[]): SQL => {
    const branches = parts.map((part, index) => {
      const equal = parts
        .slice(0, index)
        .map((earlier, i) => sql`${earlier.column} = ${castOf(earlier, values[i] as string)}`);
      const beyond =
        part.direction === "desc"
          ? sql`${part.column} < ${castOf(part, values[index] as string)}`
          : sql`${part.column} > ${castOf(part, values[index] as string)}`;
      return sql.join([...equal, beyond], sql` and `);
    });
    return sql`(${sql.join(
      branches.map((branch) => sql`(${branch})`),
      sql` or `,
    )})`;
  };
  return {
    orderBy: parts.map((part) => (part.direction === "desc" ? desc(part.column) : asc(part.column))),
    /** The row's key as text, selected beside it: what its cursor is made of. */
    pageKey: sql<string>`json_build_array(${sql.join(
      parts.map((part) => sql`${part.column}::text`),
      sql`, `,
    )})::text`,
    after(cursor: string | undefined): SQL | undefined {
      if (cursor === undefined) return undefined;
      let values: unknown;
      try {
        values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
      } catch {
        throw badCursor();
      }
      if (
        !Array.isArray(values) ||
        values.length !== parts.length ||
        !values.every(
          (value, i) => typeof value === "string" && value.length <= 100 && VALID[parts[i]!.type](value),
        )
      ) {
        throw badCursor();
      }
      return afterValues(values as string[]);
    },
  };
}

/** A page of rows read with `limit + 1`: the rows shown and the cursor of the next page. */
export function pageOf<Row extends { pageKey: string }>(rows: Row[], limit: number) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: rows.length > limit && last ? Buffer.from(last.pageKey, "utf8").toString("base64url") : null,
  };
}
