/**
 * GET /api/docs: the OpenAPI document as one readable HTML page, rendered on the server. No script
 * at all, so it works under the app's strict CSP (script-src 'self') and on a closed network (no
 * CDN). The search box is a GET form (`?q=`) the server answers with the matching calls only; the
 * contents fold by tag, so both fit a phone. Shows each call's credentials, role, parameters and
 * body with their rules (lengths, bounds, patterns, choices), its answer's fields and the examples.
 */
import type { OpenAPIV3_1 } from "openapi-types";
import { type Schema, SchemaView } from "./reference/schema.ts";
import { credentialsTable, operationCredentials } from "./reference/security.ts";
import { escapeHtml, jsonBlock, markdown, prose, slug } from "./reference/text.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Operation {
  method: string;
  path: string;
  tag: string;
  operation: OpenAPIV3_1.OperationObject;
}

const anchorOf = (method: string, path: string) => slug(`${method}-${path}`);

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:0 1rem 3rem;color:#1b1b1f}
[id]{scroll-margin-top:8rem}
code{font:13px ui-monospace,monospace;background:#f1f1f4;padding:0 .25em;border-radius:3px;overflow-wrap:anywhere}
.credentials td code{overflow-wrap:normal;white-space:nowrap}
pre{background:#f6f6f8;border:1px solid #e2e2e8;border-radius:4px;padding:.5rem;overflow-x:auto;margin:.25rem 0}
pre code{background:none;padding:0;overflow-wrap:normal}
header.top{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:.5rem 0;z-index:1}
header.top h1{font-size:1.3rem;margin:0 0 .25rem}
form[role=search]{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center}
form[role=search] label{font-weight:600;font-size:14px;flex:0 0 auto}
form[role=search] input{flex:1 1 12rem;min-width:0;font-size:16px;padding:.35rem .5rem;border:1px solid #888;border-radius:4px}
form[role=search] button{font-size:16px;padding:.35rem .8rem;border-radius:4px;border:1px solid #1d5fa8;background:#1d5fa8;color:#fff}
.jump{font-size:14px;margin:.25rem 0 0}.jump a{margin-right:.75rem}
section.call{border-top:1px solid #ddd;padding:.5rem 0}
h2{margin-top:2rem}h3{margin:.5rem 0;font-size:1rem}h4{margin:.75rem 0 .25rem}
.method{display:inline-block;min-width:4.5em;font:bold 12px ui-monospace,monospace;padding:.1em .4em;border-radius:3px;color:#fff;background:#555}
.get{background:#2f6f3e}.post{background:#1d5fa8}.patch{background:#8a5a00}.put{background:#6b4aa0}.delete{background:#a12a2a}
.type{color:#555}.req{color:#a12a2a;font-size:12px}.rule{color:#5a3d00;background:#fff6e0;font-size:13px;padding:0 .25em;border-radius:3px}
.desc,.more,.closed,.or,.auth{color:#444}.media{font-weight:normal;color:#555}
.errors{font-size:13px;color:#444}ul{margin:.25rem 0;padding-left:1.25rem}
figure.example{margin:.5rem 0}figcaption{font-size:13px;font-weight:600;color:#444}
nav.contents details{border-top:1px solid #eee}nav.contents summary{cursor:pointer;padding:.45rem 0;font-weight:600}
nav.contents li{margin:.2rem 0}.count{color:#666;font-weight:normal}
table.credentials{border-collapse:collapse;width:100%;font-size:14px}
table.credentials caption{text-align:left;color:#444;padding:.25rem 0}
.credentials th,.credentials td{border-top:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
.found{background:#eef4fb;border:1px solid #c9dcf2;border-radius:4px;padding:.4rem .6rem}
@media (max-width:600px){
  body{padding:0 .6rem 2rem}
  header.top{position:static}
  [id]{scroll-margin-top:.5rem}
  form[role=search] label{flex-basis:100%}
  .credentials thead{display:none}
  .credentials tr{display:block;border-top:1px solid #ddd;padding:.4rem 0}
  .credentials th,.credentials td{display:block;border:0;padding:.1rem 0}
}`;

/** The words a search looks in: the call, its tag, its words, and its fields' names. */
function searchText({ method, path, tag, operation }: Operation) {
  return [
    method,
    path,
    tag,
    operation.summary,
    operation.description,
    JSON.stringify(operation.parameters ?? []),
    JSON.stringify(operation.requestBody ?? {}),
  ]
    .join(" ")
    .toLowerCase();
}

class Page {
  private readonly schemas: SchemaView;
  private readonly schemes: Record<string, OpenAPIV3_1.SecuritySchemeObject> | undefined;

  constructor(private readonly document: OpenAPIV3_1.Document) {
    this.schemas = new SchemaView(document.components);
    this.schemes = document.components?.securitySchemes as
      | Record<string, OpenAPIV3_1.SecuritySchemeObject>
      | undefined;
  }

  operations(): Operation[] {
    const all: Operation[] = [];
    for (const [path, item] of Object.entries(this.document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (operation) all.push({ method, path, tag: operation.tags?.[0] ?? "Other", operation });
      }
    }
    return all;
  }

  /** Tags in the document's order (customer area, back office, services), then any other. */
  tagsOf(operations: Operation[]): string[] {
    const used = new Set(operations.map((entry) => entry.tag));
    const ordered = (this.document.tags ?? []).map((tag) => tag.name).filter((name) => used.has(name));
    return [...ordered, ...[...used].filter((name) => !ordered.includes(name)).sort()];
  }

  private parameters(operation: OpenAPIV3_1.OperationObject): string {
    const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    if (parameters.length === 0) return "";
    const items = parameters.map((parameter) => {
      const rules = this.schemas.constraintsOf(parameter.schema as Schema);
      return `<li><code class="field">${escapeHtml(parameter.name)}</code> in ${escapeHtml(parameter.in)} <span class="type">${escapeHtml(
        this.schemas.typeOf(parameter.schema as Schema),
      )}</span>${parameter.required ? ' <span class="req">required</span>' : ""}${
        parameter.description ? ` <span class="desc">${prose(parameter.description)}</span>` : ""
      }${rules.length > 0 ? ` <span class="rule">${escapeHtml(rules.join("; "))}</span>` : ""}</li>`;
    });
    return `<h4>Parameters</h4><ul class="fields">${items.join("")}</ul>`;
  }

  private body(operation: OpenAPIV3_1.OperationObject): string {
    const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    return Object.entries(body?.content ?? {})
      .map(([media, content]) =>
        [
          `<h4>Body <span class="media">${escapeHtml(media)}</span></h4>`,
          this.schemas.fields(content.schema as Schema) ||
            `<p>${escapeHtml(this.schemas.typeOf(content.schema as Schema))}</p>`,
          content.example === undefined ? "" : jsonBlock(content.example, "Example body"),
        ].join("\n"),
      )
      .join("\n");
  }

  private answers(operation: OpenAPIV3_1.OperationObject): string {
    const answers = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
    const parts: string[] = [];
    for (const [status, answer] of answers.filter(([status]) => status.startsWith("2"))) {
      parts.push(`<h4>Answer ${escapeHtml(status)}</h4><p>${prose(answer.description)}</p>`);
      for (const [media, content] of Object.entries(answer.content ?? {})) {
        if (media !== "application/json") parts.push(`<p class="media">${escapeHtml(media)}</p>`);
        parts.push(this.schemas.fields(content.schema as Schema));
        if (content.example !== undefined) parts.push(jsonBlock(content.example, "Example answer"));
      }
    }
    const refusals = answers.filter(([status]) => !status.startsWith("2")).map(([status]) => status);
    if (refusals.length > 0) {
      parts.push(
        `<p class="errors">Refused with <a href="#errors">the error shape</a>: ${refusals.join(", ")}</p>`,
      );
    }
    return parts.join("\n");
  }

  operation({ method, path, operation }: Operation): string {
    // The description repeats the summary when a route gave none; the role sentence follows it.
    const summary = operation.summary ?? "";
    const description = operation.description ?? "";
    const more = (description.startsWith(summary) ? description.slice(summary.length) : description).trim();
    return [
      `<section class="call" id="${anchorOf(method, path)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
      `<p>${prose(operation.summary ?? "")}</p>`,
      more ? `<p class="more">${prose(more)}</p>` : "",
      operationCredentials(operation.security, this.schemes),
      this.parameters(operation),
      this.body(operation),
      this.answers(operation),
      "</section>",
    ]
      .filter(Boolean)
      .join("\n");
  }

  contents(operations: Operation[], tags: string[], open: boolean): string {
    const groups = tags.map((tag) => {
      const items = operations
        .filter((entry) => entry.tag === tag)
        .map(
          ({ method, path, operation }) =>
            `<li><a href="#${anchorOf(method, path)}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a> ${prose(operation.summary ?? "")}</li>`,
        );
      return `<details${open ? " open" : ""}><summary>${escapeHtml(tag)} <span class="count">(${items.length})</span></summary><ul>${items.join("")}</ul></details>`;
    });
    return `<nav class="contents" aria-labelledby="contents"><h2 id="contents">Contents</h2>${groups.join("\n")}</nav>`;
  }

  render(search: string): string {
    const all = this.operations();
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = all.filter((entry) => words.every((word) => searchText(entry).includes(word)));
    const tags = this.tagsOf(shown);
    const { info } = this.document;
    const searching = words.length > 0;
    const found = searching
      ? `<p class="found" role="status">${shown.length} of ${all.length} calls match “${escapeHtml(search)}”. <a href="/api/docs">Show every call</a></p>`
      : "";
    const overview = searching
      ? ""
      : [
          markdown(info.description ?? ""),
          credentialsTable(this.schemes),
          `<p>${all.length} calls. The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(this.document.openapi)}).</p>`,
          `<h2 id="errors">The error shape</h2>`,
          this.schemas.fields(this.document.components?.schemas?.ErrorBody as Schema | undefined),
        ].join("\n");
    const sections = tags.map(
      (tag) =>
        `<h2 id="${slug(tag).toLowerCase()}">${escapeHtml(tag)}</h2>\n<p class="jump"><a href="#contents">Contents</a></p>\n${shown
          .filter((entry) => entry.tag === tag)
          .map((entry) => this.operation(entry))
          .join("\n")}`,
    );
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title>
<style>${STYLE}</style></head><body>
<header class="top">
<h1>${escapeHtml(info.title)} reference</h1>
<form role="search" action="/api/docs" method="get">
<label for="q">Search the calls</label>
<input id="q" name="q" type="search" maxlength="100" value="${escapeHtml(search)}" placeholder="a path, a field, a word: facility, npi, POST">
<button type="submit">Search</button>
</form>
<p class="jump"><a href="#contents">Contents</a>${searching ? "" : '<a href="#authentication">Authentication</a><a href="#errors">Errors</a>'}</p>
</header>
<main>
${found}
${overview}
${this.contents(shown, tags, searching)}
${sections.join("\n")}
</main>
</body></html>`;
  }
}

/** The page; with `search`, only the calls whose words, path or fields hold every word of it. */
export function referencePage(document: OpenAPIV3_1.Document, search = ""): string {
  return new Page(document).render(search.trim());
}
