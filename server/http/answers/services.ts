/**
 * The answers of the services around the two areas: help centre, site settings, notifications,
 * mailbox, NPI look-ups, address helpers, map outlines, health.
 */
import { z } from "zod";
import { errorCodeOf } from "../errorCodes.ts";
import { liveItem, nextCursor, ok } from "./common.ts";

export const faqView = z.strictObject({
  id: z.number().int(),
  question: z.string(),
  answer: z.string().meta({ description: "Rich text (sanitised HTML)." }),
  promote: z.boolean().meta({ description: "Shown first to customers." }),
  active: z.boolean().meta({ description: "Shown to customers." }),
});
export type Faq = z.infer<typeof faqView>;
export const faqsAnswer = z.strictObject({ status: ok, faqs: z.array(faqView) });
/** GET /api/management/helpcenter/: a page of the questions. */
export const faqPageAnswer = faqsAnswer.extend({ next_cursor: nextCursor });
export const faqAnswer = z.strictObject({ status: ok, faq: faqView });

/** GET and POST /api/management/admin/sitesettings/. */
export const siteSettingsAnswer = z.strictObject({
  status: ok,
  contents: z
    .strictObject({ aboutText: z.string(), licenceText: z.string(), copyrightText: z.string() })
    .meta({ description: "The rich texts (HTML) of the About, Licence and Copyright modals." }),
  queries: z.record(z.string(), z.record(z.string(), z.string())).meta({
    description: "The texts of each analysis's screen (title, description, chart and table titles).",
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsAnswer>;

export const notificationDeletedAnswer = z.strictObject({ status: ok, deleted: z.uuid() });
/** GET .../notification/: a page of the caller's stored notifications and tasks, newest first. */
export const notificationPageAnswer = z.strictObject({
  status: ok,
  items: z.array(liveItem),
  next_cursor: nextCursor,
});

/** One organisation and its users, as the mailbox lists them (server/mail/recipients.ts). */
export const organisationUsers = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  users: z.array(z.strictObject({ id: z.uuid(), email: z.string(), username: z.string() })),
});
export const mailboxSender = z.strictObject({ value: z.string(), name: z.string(), address: z.string() });
export const mailboxListAnswer = z.strictObject({
  status: ok,
  org_users: z.array(organisationUsers),
  next_cursor: nextCursor,
  senders: z.array(mailboxSender).meta({ description: "The four sender choices." }),
});
export const orgUsersAnswer = z.strictObject({ status: ok, org_users: z.array(organisationUsers) });
export const orgUsersPageAnswer = orgUsersAnswer.extend({ next_cursor: nextCursor });
export const mailSentAnswer = z.strictObject({
  status: ok,
  message: z.string().meta({ description: "How many recipients the e-mail went to." }),
});

/** The NPI registry's organisation (server/registry/lookups.ts OrganisationFound). */
export const organisationFound = z.strictObject({
  npi: z.string(),
  name: z.string(),
  address: z.string(),
  city_state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
});
/** The NPI registry's provider (server/registry/lookups.ts IndividualFound). */
export const individualFound = z.strictObject({
  npi: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string(),
  suffix: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  fax: z.string(),
  category: z.string().optional(),
  ptype: z.string().optional(),
  speciality: z.array(z.string()).optional(),
});
export const organisationLookupAnswer = z.strictObject({ status: ok, data: organisationFound });
export const individualLookupAnswer = z.strictObject({ status: ok, data: individualFound });
/** 404 of a look-up: the error shape naming `npi`, and `data: null`. */
export const lookupNotFound = z.strictObject({
  status: z.literal(404),
  code: errorCodeOf("not_found"),
  detail: z.string(),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string() })),
  data: z.null(),
});

export const zipInCityAnswer = z.strictObject({
  status: ok,
  state: z.boolean().meta({ description: "Whether the zip code belongs to the city." }),
});
export const choicesAnswer = z.strictObject({
  status: ok,
  data: z.array(z.tuple([z.string(), z.string()])).meta({ description: "[value, label] pairs." }),
});

/** GET /api/services/geo/basemap: the maps' online tile layer (MAP_TILE_URL), or null: offline. */
export const baseMapAnswer = z.object({
  status: ok,
  tiles: z
    .object({
      url: z.string().meta({ description: "An XYZ tile template: {z}/{x}/{y}." }),
      attribution: z.string(),
    })
    .nullable(),
});

const geometryCollection = z.object({
  type: z.literal("GeometryCollection"),
  geometries: z.array(z.object({}).loose()),
});

/** GET /api/services/geo/outlines/: a TopoJSON topology. */
export const outlinesAnswer = z.strictObject({
  type: z.literal("Topology"),
  transform: z.strictObject({
    scale: z.tuple([z.number(), z.number()]),
    translate: z.tuple([z.number(), z.number()]),
  }),
  objects: z.strictObject({ states: geometryCollection, counties: geometryCollection }),
  arcs: z.array(z.array(z.array(z.number()))),
});

export const healthAnswer = z.strictObject({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["postgres", "pglite"]),
});
