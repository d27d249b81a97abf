/**
 * Who may change a practice profile (facilities, locations, providers) and on which organisation:
 * its customer admin (is_staff) for its own organisation, or a staff site admin on its behalf
 * (organization_id in the entity). Assistants and agents get 403; dummy mode is refused before
 * (dummyReadOnly, 403); nobody signed in gets 401. A row of another organisation is "not found" to
 * a customer (404), so ids cannot be probed across tenants.
 */
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { organisationManagedBy } from "../../http/actor.ts";
import { parseWith } from "../../http/body.ts";
import { forbidden, HttpError, invalidToken, notFound } from "../../http/errors.ts";
import { NOT_A_FIELD, REQUIRED } from "../../http/plainWords.ts";
import { findOrganisation } from "../../organisations/present.ts";

export function requireProfileWriter(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get("session");
    if (!session) throw invalidToken();
    if (session.kind === "client" && !session.user.isStaff) {
      throw forbidden("Only the organisation's admin can change its facilities and providers.");
    }
    if (session.kind === "admin" && session.staff.role !== "site_admin")
      throw forbidden("Agents cannot do this.");
    await next();
  };
}

const organisationId = z.uuid("must be an organisation id (UUID)");

/** The organisation a new row goes to: the customer's own, or the one staff name (required for them). */
export async function organisationForNewRow(c: Context<AppEnv>, requested: unknown) {
  const session = c.var.session;
  if (session?.kind === "admin" && requested === undefined) {
    throw new HttpError(400, "organization_id: required for staff", [
      { field: "organization_id", message: "required for staff (the organisation to act on)" },
    ]);
  }
  const wanted = requested === undefined ? undefined : parseWith(organisationId, requested);
  const id = organisationManagedBy(c, wanted);
  const organisation = await findOrganisation(c.var.app.database.db, id);
  if (!organisation) throw notFound("Organisation not found.");
  return organisation;
}

/** A stored row the caller may change; another organisation's row is not found for a customer. */
export function ownedRow<Row extends { organisationId: string }>(
  c: Context<AppEnv>,
  row: Row | undefined,
  what: string,
): Row {
  const session = c.var.session;
  if (!row || (session?.kind === "client" && row.organisationId !== session.organisation.id)) {
    throw notFound(`${what} not found.`);
  }
  organisationManagedBy(c, row.organisationId);
  return row;
}

/** The call's entity, split into the form's fields and the call's own keys; an unknown key is refused. */
export function splitEntity(
  entity: Record<string, unknown>,
  formFields: Set<string>,
  ownKeys: readonly string[],
): { fields: Record<string, unknown>; own: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(entity)) {
    if (ownKeys.includes(key)) own[key] = value;
    else if (formFields.has(key)) fields[key] = value;
    else unknown.push(key);
  }
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      unknown.map((field) => `${field}: ${NOT_A_FIELD}`).join("; "),
      unknown.map((field) => ({ field, message: NOT_A_FIELD })),
    );
  }
  return { fields, own };
}

export const rowId = z.uuid({
  error: (issue) => (issue.input === undefined ? REQUIRED : "must be an id (UUID)"),
});

/** Staff name the organisation they act for; a customer's own is implied. */
export const staffOrganisation = organisationId.optional();

/** `{<name>: {...}}`: the call's one entity object. */
export const entityBody = (name: string) =>
  z.strictObject({
    [name]: z.record(z.string(), z.unknown(), { error: "must be a group of fields (a JSON object)" }),
  });

/**
 * The entity body as the document shows it: the form's fields (the schema the handler checks them
 * with, server/forms/profileFields.ts), all optional, and the call's own keys. The handler reads
 * `entityBody` and splits the entity itself (a PATCH sends only the fields it changes).
 */
const documentedEntity = (
  name: string,
  fields: z.ZodPipe<z.ZodObject, z.ZodType>,
  own: Record<string, z.ZodType>,
) => z.strictObject({ [name]: fields.in.partial().extend(own) });

/**
 * The bodies of a profile entity's POST, PATCH and DELETE: what each handler reads (`body`), and
 * what the document shows and checkEntity() holds each call to. `own` adds keys of the call beyond
 * the form's fields and the organisation (a location's facility_id).
 */
export function entityCalls(
  name: string,
  fields: z.ZodPipe<z.ZodObject, z.ZodType>,
  own: { post?: Record<string, z.ZodType>; patch?: Record<string, z.ZodType> } = {},
) {
  return {
    body: entityBody(name),
    postBody: documentedEntity(name, fields, { ...own.post, organization_id: staffOrganisation }),
    patchBody: documentedEntity(name, fields, {
      id: rowId,
      ...own.patch,
      organization_id: staffOrganisation,
    }),
    deleteBody: z.strictObject({
      [name]: z.strictObject({ id: rowId, organization_id: staffOrganisation }),
    }),
  };
}

/** A stored row's values of the form's fields (read off its view): what a PATCH changes some of. */
export const storedFormValues = (view: object, formFields: Set<string>): Record<string, unknown> =>
  Object.fromEntries([...formFields].map((name) => [name, (view as Record<string, unknown>)[name]]));

/**
 * Holds a call's entity to its documented schema: each key known, each field of its type, named by
 * its own name (as the forms name them), before the handler looks anything up or merges it with
 * the stored row. The form's rules across fields are checked after, on the merged values.
 */
export function checkEntity(schema: z.ZodObject, name: string, entity: unknown) {
  parseWith(schema.shape[name] as z.ZodType, entity);
}

/** The id of a PATCH or DELETE entity, refused by name when missing or malformed. */
export const entityId = (own: Record<string, unknown>) =>
  parseWith(z.strictObject({ id: rowId }), { id: own.id }).id;
