/**
 * The kernels' DuckDB SQL in PostgreSQL's dialect: only the differences our kernels use, each a
 * rewrite of the text (the benchmark checks that both engines give the same results).
 *
 *   x::DOUBLE                 -> x::double precision
 *   list(x ORDER BY ...)      -> array_agg(x ORDER BY ...)
 *   list_contains(list, x)    -> (x = ANY((list)::text[]))   (also for a scalar subquery's list)
 *   GROUP BY ALL              -> GROUP BY 1, 2, ...          (the select items without an aggregate)
 *   UNION ALL BY NAME         -> UNION ALL                   (our branches list the same columns in order)
 *   {'key': value, ...}       -> json_build_object('key', value, ...)   (structs only become JSON)
 *   hash(a, b, ...)           -> hashtextextended(row(a, b, ...)::text, 0)   (another hash, same use)
 *   $name                     -> $1, $2, ...                 (named parameters become positional)
 */

const AGGREGATE = /\b(sum|count|min|max|avg|array_agg|list|string_agg|bool_or|bool_and)\s*\(/i;

/** Index of the parenthesis closing the one at `open`. */
function closing(text: string, open: number) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  throw new Error("unbalanced parentheses");
}

/** Splits at commas outside parentheses. */
function splitTopLevel(text: string) {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth--;
    else if (text[i] === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function rewriteListContains(sql: string) {
  let out = sql;
  for (;;) {
    const at = out.search(/\blist_contains\s*\(/i);
    if (at < 0) return out;
    const open = out.indexOf("(", at);
    const close = closing(out, open);
    const [list, value] = splitTopLevel(out.slice(open + 1, close));
    if (list === undefined || value === undefined) throw new Error("list_contains needs two arguments");
    out = `${out.slice(0, at)}(${value.trim()} = ANY((${list.trim()})::text[]))${out.slice(close + 1)}`;
  }
}

/** Index of the brace closing the one at `open` (braces and parentheses nest inside). */
function closingBrace(text: string, open: number) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{" || text[i] === "(") depth++;
    else if ((text[i] === "}" || text[i] === ")") && --depth === 0) return i;
  }
  throw new Error("unbalanced braces");
}

/** Struct literals, innermost (last) first so that each one's fields hold no other literal. */
function rewriteStructLiterals(sql: string) {
  let out = sql;
  for (;;) {
    const at = out.search(/\{\s*'[^']*'\s*:(?![\s\S]*\{\s*'[^']*'\s*:)/);
    if (at < 0) return out;
    const close = closingBrace(out, at);
    const fields = splitTopLevel(out.slice(at + 1, close)).map((field) => {
      const colon = field.indexOf(":");
      return `${field.slice(0, colon).trim()}, ${field.slice(colon + 1).trim()}`;
    });
    out = `${out.slice(0, at)}json_build_object(${fields.join(", ")})${out.slice(close + 1)}`;
  }
}

function rewriteHash(sql: string) {
  let out = sql;
  for (;;) {
    const at = out.search(/\bhash\s*\(/i);
    if (at < 0) return out;
    const open = out.indexOf("(", at);
    const close = closing(out, open);
    out = `${out.slice(0, at)}hashtextextended(row(${out.slice(open + 1, close)})::text, 0)${out.slice(close + 1)}`;
  }
}

/** Positions of the select items without an aggregate, for the SELECT that a GROUP BY ALL ends. */
function rewriteGroupByAll(sql: string) {
  let out = sql;
  for (;;) {
    const at = out.search(/\bGROUP BY ALL\b/i);
    if (at < 0) return out;
    // The SELECT of this query level: the last SELECT before it at the same parenthesis depth.
    let depth = 0;
    let select = -1;
    let from = -1;
    for (let i = at - 1; i >= 0; i--) {
      const char = out[i];
      if (char === ")") depth++;
      else if (char === "(") depth--;
      if (depth !== 0) continue;
      if (/^FROM\b/i.test(out.slice(i)) && /\W/.test(out[i - 1] ?? " ")) from = i;
      if (/^SELECT\b/i.test(out.slice(i)) && /\W/.test(out[i - 1] ?? " ")) {
        select = i;
        break;
      }
    }
    if (select < 0 || from < 0) throw new Error("GROUP BY ALL without its SELECT ... FROM");
    const items = splitTopLevel(out.slice(select + "SELECT".length, from));
    const positions = items.flatMap((item, index) => (AGGREGATE.test(item) ? [] : [index + 1]));
    out = `${out.slice(0, at)}GROUP BY ${positions.join(", ")}${out.slice(at + "GROUP BY ALL".length)}`;
  }
}

export interface TranslatedSql {
  text: string;
  /** Parameter names in positional order ($1 is names[0]). */
  names: string[];
}

export function toPostgres(duckSql: string): TranslatedSql {
  const withoutComments = duckSql.replace(/--[^\n]*/g, "");
  let sql = withoutComments
    .replace(/::DOUBLE\b/gi, "::double precision")
    .replace(/\bUNION ALL BY NAME\b/gi, "UNION ALL")
    .replace(/\blist\s*\(/gi, "array_agg(");
  sql = rewriteStructLiterals(sql);
  sql = rewriteHash(sql);
  sql = rewriteListContains(sql);
  sql = rewriteGroupByAll(sql);
  const names: string[] = [];
  sql = sql.replace(/\$([a-z_][a-z0-9_]*)/gi, (_, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text: sql, names };
}
