/**
 * GET /api/docs: the OpenAPI document as one readable HTML page, rendered on the server. No script
 * at all, so it works under the app's strict CSP (script-src 'self'); Scalar's page would need its
 * standalone bundle (not a dependency) and an inline start-up script.
 */
import type { OpenAPIV3_1 } from "openapi-types";

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const escapeHtml = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** Escaped text with its `code` spans (the summaries and answers are written that way) as <code>. */
const prose = (text: unknown) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const anchorOf = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-");

class Renderer {
  constructor(private readonly document: OpenAPIV3_1.Document) {}

  private resolve(schema: Schema | undefined): OpenAPIV3_1.SchemaObject | undefined {
    if (!schema) return undefined;
    if ("$ref" in schema) {
      const name = schema.$ref.split("/").pop()!;
      return this.resolve(this.document.components?.schemas?.[name] as Schema | undefined);
    }
    return schema;
  }

  /** A schema's type in a few words: 'string (uuid)', 'one of: a, b', 'list of object'. */
  private typeOf(raw: Schema | undefined): string {
    const schema = this.resolve(raw);
    if (!schema) return "any";
    if (schema.enum) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const members = schema.anyOf ?? schema.oneOf;
    if (members) return members.map((member) => this.typeOf(member as Schema)).join(" or ");
    if (schema.type === "array") return `list of ${this.typeOf(schema.items as Schema)}`;
    const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
    return schema.format ? `${type} (${schema.format})` : type;
  }

  /** The fields of an object schema as nested lists (objects inside lists and unions too). */
  fields(raw: Schema | undefined, depth = 0): string {
    const schema = this.resolve(raw);
    if (!schema || depth > 4) return "";
    const inner = schema.type === "array" ? this.resolve(schema.items as Schema) : schema;
    const members = (inner?.anyOf ?? inner?.oneOf)?.map((member) => this.resolve(member as Schema));
    if (members) {
      return members
        .filter((member) => member?.properties)
        .map((member) => this.fields(member, depth))
        .join('<p class="or">or</p>');
    }
    if (!inner?.properties) return "";
    const required = new Set(inner.required ?? []);
    const rows = Object.entries(inner.properties).map(([name, property]) => {
      const resolved = this.resolve(property as Schema);
      const notes = [
        resolved?.description,
        resolved?.pattern && !resolved.format ? `pattern ${resolved.pattern}` : undefined,
      ]
        .filter(Boolean)
        .map(escapeHtml)
        .join("; ");
      return `<li><code>${escapeHtml(name)}</code> <span class="type">${escapeHtml(this.typeOf(property as Schema))}</span>${
        required.has(name) ? ' <span class="req">required</span>' : ""
      }${notes ? ` - ${notes}` : ""}${this.fields(property as Schema, depth + 1)}</li>`;
    });
    const closed = inner.additionalProperties === false ? '<li class="closed">no other field</li>' : "";
    return `<ul>${rows.join("")}${closed}</ul>`;
  }

  operation(method: string, path: string, operation: OpenAPIV3_1.OperationObject): string {
    const parts = [
      `<section id="${anchorOf(method, path)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
      `<p>${prose(operation.summary ?? "")}</p>`,
    ];
    if (operation.description) parts.push(`<p class="more">${prose(operation.description)}</p>`);
    const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    if (parameters.length > 0) {
      parts.push(
        `<h4>Parameters</h4><ul>${parameters
          .map(
            (parameter) =>
              `<li><code>${escapeHtml(parameter.name)}</code> in ${escapeHtml(parameter.in)} <span class="type">${escapeHtml(
                this.typeOf(parameter.schema as Schema),
              )}</span>${parameter.required ? ' <span class="req">required</span>' : ""}</li>`,
          )
          .join("")}</ul>`,
      );
    }
    const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    for (const [media, content] of Object.entries(body?.content ?? {})) {
      parts.push(`<h4>Body <span class="media">${escapeHtml(media)}</span></h4>`);
      parts.push(
        this.fields(content.schema as Schema) ||
          `<p>${escapeHtml(this.typeOf(content.schema as Schema))}</p>`,
      );
    }
    const answers = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
    const success = answers.filter(([status]) => status.startsWith("2"));
    for (const [status, answer] of success) {
      parts.push(`<h4>Answer ${escapeHtml(status)}</h4><p>${prose(answer.description)}</p>`);
      for (const content of Object.values(answer.content ?? {}))
        parts.push(this.fields(content.schema as Schema));
    }
    const refusals = answers.filter(([status]) => !status.startsWith("2")).map(([status]) => status);
    if (refusals.length > 0) {
      parts.push(
        `<p class="errors">Refused with <a href="#errors">the error shape</a>: ${refusals.join(", ")}</p>`,
      );
    }
    parts.push("</section>");
    return parts.join("\n");
  }
}

export function referencePage(document: OpenAPIV3_1.Document): string {
  const renderer = new Renderer(document);
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  let count = 0;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      count++;
      const tag = operation.tags?.[0] ?? "Other";
      if (!byTag.has(tag)) {
        byTag.set(tag, []);
        contents.set(tag, []);
      }
      byTag.get(tag)!.push(renderer.operation(method, path, operation));
      contents
        .get(tag)!
        .push(
          `<li><a href="#${anchorOf(method, path)}">${method.toUpperCase()} ${escapeHtml(path)}</a> ${escapeHtml(operation.summary ?? "")}</li>`,
        );
    }
  }
  const tags = [...byTag.keys()].sort();
  const errorSchema = document.components?.schemas?.ErrorBody as Schema | undefined;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1b1b1f}
code{font:13px ui-monospace,monospace;background:#f1f1f4;padding:0 .25em;border-radius:3px;word-break:break-all}
section{border-top:1px solid #ddd;padding:.5rem 0}
h2{margin-top:2rem}h3{margin:.5rem 0}h4{margin:.5rem 0 .25rem}
.method{display:inline-block;min-width:4.5em;font:bold 12px ui-monospace,monospace;padding:.1em .4em;border-radius:3px;color:#fff;background:#555}
.get{background:#2f6f3e}.post{background:#1d5fa8}.patch{background:#8a5a00}.put{background:#6b4aa0}.delete{background:#a12a2a}
.type{color:#555}.req{color:#a12a2a;font-size:12px}.more,.closed,.or{color:#444}.media{font-weight:normal;color:#555}
.errors{font-size:13px;color:#444}ul{margin:.25rem 0;padding-left:1.25rem}
</style></head><body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${prose(document.info.description ?? "")}</p>
<p>${count} calls. The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<h2 id="errors">The error shape</h2>
${renderer.fields(errorSchema)}
<h2>Contents</h2>
${tags.map((tag) => `<h3>${escapeHtml(tag)}</h3><ul>${contents.get(tag)!.join("")}</ul>`).join("\n")}
${tags.map((tag) => `<h2>${escapeHtml(tag)}</h2>\n${byTag.get(tag)!.join("\n")}`).join("\n")}
</body></html>`;
}
