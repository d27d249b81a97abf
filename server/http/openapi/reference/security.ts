/**
 * How the reference page shows authentication: the document's securitySchemes as a table (what is
 * sent, where, and why), and on each operation the credentials it takes, read from its `security`.
 */
import type { OpenAPIV3_1 } from "openapi-types";
import { escapeHtml, prose } from "./text.ts";

type Schemes = Record<string, OpenAPIV3_1.SecuritySchemeObject>;

const anchorOf = (scheme: string) => `credential-${scheme}`;

/** 'cookie `token`', 'header `Authorization`', 'query `org_id`'. */
function credentialLabel(schemes: Schemes, name: string) {
  const scheme = schemes[name];
  if (scheme?.type !== "apiKey") return escapeHtml(name);
  return `${escapeHtml(scheme.in)} <code>${escapeHtml(scheme.name)}</code>`;
}

const linked = (schemes: Schemes, name: string) =>
  `<a href="#${anchorOf(name)}">${credentialLabel(schemes, name)}</a>`;

/** The table of credentials, under the document's own Authentication words. */
export function credentialsTable(schemes: Schemes | undefined): string {
  const rows = Object.entries(schemes ?? {}).map(([name, scheme]) => {
    const where =
      scheme.type === "apiKey" ? `${scheme.in} <code>${escapeHtml(scheme.name)}</code>` : scheme.type;
    return `<tr id="${anchorOf(name)}"><th scope="row">${escapeHtml(name)}</th><td>${where}</td><td>${prose(
      scheme.description ?? "",
    )}</td></tr>`;
  });
  if (rows.length === 0) return "";
  return `<table class="credentials"><caption>The credentials a call may take (the document's securitySchemes)</caption><thead><tr><th scope="col">Name</th><th scope="col">Sent as</th><th scope="col">What it is</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/**
 * An operation's credentials in one line. Its `security` lists the accepted sets (any one will do);
 * the smallest sets are the choices, and what only larger sets add is optional (the dummy view).
 */
export function operationCredentials(
  security: OpenAPIV3_1.SecurityRequirementObject[] | undefined,
  schemes: Schemes | undefined,
): string {
  if (!security) return "";
  const all = schemes ?? {};
  const sets = security.map((requirement) => Object.keys(requirement));
  if (sets.length === 0 || sets.some((set) => set.length === 0)) {
    return `<p class="auth">Credentials: none (public).</p>`;
  }
  const minimal = sets.filter(
    (set) =>
      !sets.some(
        (other) => other !== set && other.length < set.length && other.every((name) => set.includes(name)),
      ),
  );
  // What every choice sends (the CSRF pair of a write) is said once, after the choices.
  const common = minimal[0]!.filter((name) => minimal.every((set) => set.includes(name)));
  const inMinimal = new Set(minimal.flat());
  const optional = [...new Set(sets.flat())].filter((name) => !inMinimal.has(name));
  const choices = minimal
    .map((set) => set.filter((name) => !common.includes(name)))
    .filter((set) => set.length > 0)
    .map((set) => set.map((name) => linked(all, name)).join(" + "))
    .join(" <em>or</em> ");
  const always = common.map((name) => linked(all, name)).join(" + ");
  const parts = [
    choices && always ? `${choices}, with ${always}` : choices || always,
    optional.length > 0 ? `optional: ${optional.map((name) => linked(all, name)).join(" <em>or</em> ")}` : "",
  ].filter(Boolean);
  return `<p class="auth">Credentials: ${parts.join("; ")}.</p>`;
}
