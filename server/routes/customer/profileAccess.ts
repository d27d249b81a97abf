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
import { REQUIRED } from "../../http/plainWords.ts";
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

/**
 * The organisation a new row goes to: the customer's own, or the one staff name (required for them,
 * refused as `<entity>.organization_id`). The id's form was checked with the entity (checkEntity).
 */
export async function organisationForNewRow(c: Context<AppEnv>, entity: string, requested: unknown) {
  const session = c.var.session;
  if (session?.kind === "admin" && requested === undefined) {
    const field = `${entity}.organization_id`;
    const message = "required for staff (the organisation to act on)";
    throw new HttpError(400, `${field}: ${message}`, [{ field, message }]);
  }
  const id = organisationManagedBy(c, requested as string | undefined);
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

/**
 * The call's entity, split into the form's fields and the call's own keys. checkEntity() has
 * refused any other key (the entity schemas are strict).
 */
export function splitEntity(
  entity: Record<string, unknown>,
  formFields: Set<string>,
  ownKeys: readonly string[],
): { fields: Record<string, unknown>; own: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    if (ownKeys.includes(key)) own[key] = value;
    else if (formFields.has(key)) fields[key] = value;
  }
  return { fields, own };
}

export const rowId = z.uuid({
  error: (issue) => (issue.input === undefined ? REQUIRED : "must be an id (UUID)"),
});

/** Staff name the organisation they act for; a customer's own is implied. */
export const staffOrganisation = organisationId.optional().meta({
  description: "The organisation acted for: required for staff, left out by its own customers.",
});

/** `{<name>: {...}}`: the call's one entity object. */
export const entityBody = (name: string) =>
  z.strictObject({
    [name]: z.record(z.string(), z.unknown(), { error: "must be a group of fields (a JSON object)" }),
  });

/**
 * The bodies of a profile entity's POST, PATCH and DELETE: what each handler reads (`body`), and
 * the schema checkEntity() holds each call to, which is the one the document shows. A POST takes
 * the form's fields as they are sent (server/forms/profileFields.ts: the form's required fields
 * must be sent, the others default to blank), a PATCH any of them and the row's `id`. `own` adds
 * keys of the call beyond the form's fields and the organisation (a location's facility_id).
 */
export function entityCalls<
  Name extends string,
  Fields extends z.core.$ZodLooseShape,
  PostOwn extends z.core.$ZodLooseShape = Record<never, never>,
  PatchOwn extends z.core.$ZodLooseShape = Record<never, never>,
>(
  name: Name,
  fields: z.ZodPipe<z.ZodObject<Fields>, z.ZodType>,
  own: { post?: PostOwn; patch?: PatchOwn } = {},
) {
  // Typed by the entity's name, so the web's request types (web/src/api/requests.ts) read
  // `{facility: {...}}` with the form's own fields.
  const keyed = <Schema extends z.ZodType>(schema: Schema) =>
    z.strictObject({ [name]: schema } as { [key in Name]: Schema });
  return {
    body: entityBody(name),
    postBody: keyed(fields.in.extend({ ...(own.post as PostOwn), organization_id: staffOrganisation })),
    patchBody: keyed(
      fields.in
        .partial()
        .extend({ id: rowId, ...(own.patch as PatchOwn), organization_id: staffOrganisation }),
    ),
    deleteBody: keyed(z.strictObject({ id: rowId, organization_id: staffOrganisation })),
  };
}

/** A stored row's values of the form's fields (read off its view): what a PATCH changes some of. */
export const storedFormValues = (view: object, formFields: Set<string>): Record<string, unknown> =>
  Object.fromEntries([...formFields].map((name) => [name, (view as Record<string, unknown>)[name]]));

/**
 * Holds a call's body to its documented schema before the handler looks anything up: each key
 * known, each field of its type, required ones sent, each named by its path in the body
 * (`facility.npi`). The form's rules across fields are checked after, on the merged values.
 * Answers the entity as sent.
 */
export function checkEntity(schema: z.ZodObject, name: string, body: Record<string, unknown>) {
  parseWith(schema, body);
  return body[name] as Record<string, unknown>;
}

/** The id of a PATCH or DELETE entity (checkEntity held it to rowId). */
export const entityId = (own: Record<string, unknown>) => own.id as string;
