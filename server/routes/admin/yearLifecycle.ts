/**
 * A customer year's life on the staff side (admin-area.md sections 2, 4 and 7): request it from the
 * customer, initialise it (enable it for the customer), prelaunch it, delete its file or the whole
 * year. Every call here changes data: site admins only (agents are refused with 403), customers get
 * 401 (staff calls). README.md beside this file lists the bodies and answers.
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { organisations, organisationYears } from "../../db/schema/index.ts";
import { notifyDataChanged, notifyYearsOpened } from "../../engine/dataChanges.ts";
import { pluginRegistry } from "../../engine/registry.ts";
import {
  yearEnabledAnswer,
  yearPrelaunchedAnswer,
  yearRemovedAnswer,
  yearRequestedAnswer,
} from "../../http/answers/admin.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import {
  prelaunchYearBodyExample,
  removeYearBodyExample,
  requestYearBodyExample,
} from "../../http/examples/requestBodies.ts";
import {
  yearEnabledExample,
  yearPrelaunchedExample,
  yearRemovedExample,
  yearRequestedExample,
} from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { notify } from "../../live/notify.ts";
import { publishStateChange } from "../../live/stateChanges.ts";
import { adminYearLists } from "../../organisations/adminYears.ts";
import { yearRowsOf } from "../../organisations/organisationDetail.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { removeYear } from "../../organisations/removeYear.ts";
import { summariseYear } from "../../organisations/reviewedSummary.ts";
import { yearActions } from "../../organisations/yearActions.ts";
import { dataYear, fourDigitYear } from "../../organisations/yearField.ts";
import { loadYearState } from "../../organisations/yearState.ts";

const organisationId = z.uuid("must be an organisation id (UUID)");
export const validBody = z.strictObject({ organization_uuid: organisationId, year: fourDigitYear });
/** A request makes the year: only a data year (2000 to next year) may be asked for. */
export const requestBody = z.strictObject({ organization_uuid: organisationId, year: dataYear });
export const prelaunchBody = z.strictObject({ org_id: organisationId, year: fourDigitYear });
export const removeBody = z.strictObject({
  organization: organisationId,
  year: fourDigitYear,
  action: z
    .literal(["delete", null], { error: "must be null (delete the file) or 'delete' (the year)" })
    .default(null),
});

export const NO_YEAR_TO_INITIALIZE = "No year to initialize";

async function organisationOr404(db: Db, id: string) {
  const organisation = await findOrganisation(db, id);
  if (!organisation) throw notFound("Organisation not found.");
  return organisation;
}

async function yearRow(db: Db, organisationId: string, year: number) {
  const [row] = await db
    .select()
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
  return row;
}

/**
 * The year must have accepted data ('No year to initialize' otherwise), and the rule of the year
 * (yearActions.ts: 100% progress with every item current, and the year's practice and market data)
 * must allow enabling or prelaunching it: the Active / Enabled / Prelaunch buttons unlock only then.
 */
async function openableYear(
  app: AppContext,
  organisation: { id: string; name: string },
  year: number,
  action: "enable" | "prelaunch",
) {
  const { db } = app.database;
  const row = await yearRow(db, organisation.id, year);
  if (!row)
    throw new HttpError(400, `${NO_YEAR_TO_INITIALIZE}: ${organisation.name} has no year ${year}.`).withCode(
      "not_ready",
    );
  if (row.fileState !== "uploaded") {
    throw new HttpError(
      400,
      `${NO_YEAR_TO_INITIALIZE}: ${year} has no accepted data file (file state ${row.fileState}).`,
    );
  }
  const gate = yearActions(await loadYearState(db, app.config.dataDir, organisation.id, year))[action];
  if (!gate.allowed) throw new HttpError(400, gate.message).withCode("not_ready");
  return row;
}

const yearsAnswer = async (db: Db, organisationId: string) =>
  adminYearLists(await yearRowsOf(db, organisationId));

/** "11 analyses": what enabling or prelaunching a year opens, told in the answer the screen shows. */
const analysesWord = async () => {
  const count = (await pluginRegistry()).all().length;
  return `${count} ${count === 1 ? "analysis" : "analyses"}`;
};

/** POST and PATCH /api/management/admin/valid/. */
export const validYearRoutes = new Hono<AppEnv>()
  // Initialise: the year becomes enabled for the customer and the organisation initialized
  // (INITIALIZATION -> ACTIVE). Again on an enabled year re-initialises it (idempotent).
  .post(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary:
        "Initialise a year: enable it for the customer (the analyses show it) and mark the organisation initialized.",
      description:
        "The year must have accepted data and be complete (100% progress). Enabling an enabled year again re-initialises it without telling the users again.",
      tags: ["Back office: years"],
      body: validBody,
      bodyExample: { organization_uuid: "3b0f7c1e-5a2d-4c8e-9f14-6d2a7b9e0c51", year: 2024 },
      answer: {
        description: "The organisation's years after the change.",
        schema: yearEnabledAnswer,
        example: yearEnabledExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, validBody);
      const { db } = c.var.app.database;
      const organisation = await organisationOr404(db, body.organization_uuid);
      const row = await openableYear(c.var.app, organisation, body.year, "enable");
      const now = c.var.app.clock.now();
      const reviewed = await summariseYear(db, row, now);
      await db.transaction(async (tx) => {
        await tx
          .update(organisationYears)
          // Reviewed again: a replacement's "back to review" note and its refresh end here, and the
          // enabled version's figures are kept for the next refresh to compare with.
          .set({
            enabled: true,
            // Customers now read the version just enabled, not the one they kept during the review.
            heldVersionId: null,
            replacedAt: null,
            replacedRows: null,
            reviewed,
            refresh: null,
            updatedAt: now,
          })
          .where(eq(organisationYears.id, row.id));
        await tx
          .update(organisations)
          .set({ initialized: true, updatedAt: now })
          .where(eq(organisations.id, organisation.id));
      });
      await sessionsChanged(c.var.app, { organisationId: organisation.id });
      await notifyYearsOpened(c.var.app, organisation.id);
      await publishStateChange(c.var.app, {
        organisationId: organisation.id,
        year: body.year,
        topic: "year",
      });
      // Told once: enabling an enabled year again re-initialises it without news for the users.
      if (!row.enabled) {
        await notify(
          c.var.app,
          { organisation: organisation.id },
          {
            // A year they kept reading during the review now reads the newer data.
            message: row.heldVersionId
              ? `Your ${body.year} analyses now read your newer data.`
              : `Your ${body.year} analyses are ready to read.`,
            status: "success",
          },
        );
      }
      const analyses = await analysesWord();
      return c.json({
        status: 200,
        // The screen shows this as the click's outcome ('Active', 'Enabled this year', 'Allow user').
        detail: row.enabled
          ? `${body.year} was already enabled for ${organisation.name}: it is re-initialised (its ${analyses} stay open; the users are not told again).`
          : `${body.year} is enabled for ${organisation.name}: its ${analyses} and score are open to its users, who are told.`,
        year: body.year,
        enabled: true,
        initialized: true,
        ...(await yearsAnswer(db, organisation.id)),
      });
    },
  )
  // Request: staff ask the customer for a year's data; the year appears in its pending_years.
  .patch(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Request a year's data from the customer: the year joins its pending years.",
      description:
        "Creates the year if the organisation does not have it. Refused (400) when the year already has accepted data: delete its file first.",
      tags: ["Back office: years"],
      body: requestBody,
      bodyExample: requestYearBodyExample,
      answer: {
        description: "The organisation's years after the change.",
        schema: yearRequestedAnswer,
        example: yearRequestedExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, requestBody);
      const { db } = c.var.app.database;
      const organisation = await organisationOr404(db, body.organization_uuid);
      const existing = await yearRow(db, organisation.id, body.year);
      if (existing?.fileState === "uploaded") {
        throw new HttpError(
          400,
          `${body.year} already has accepted data: delete its file first to ask the customer for a new one.`,
        );
      }
      await db
        .insert(organisationYears)
        .values({ organisationId: organisation.id, year: body.year, requested: true })
        .onConflictDoUpdate({
          target: [organisationYears.organisationId, organisationYears.year],
          set: { requested: true, updatedAt: c.var.app.clock.now() },
        });
      await notifyDataChanged(c.var.app, organisation.id);
      await publishStateChange(c.var.app, {
        organisationId: organisation.id,
        year: body.year,
        topic: "year",
      });
      return c.json({
        status: 200,
        detail: `${body.year} is requested from ${organisation.name}.`,
        year: body.year,
        requested: true,
        ...(await yearsAnswer(db, organisation.id)),
      });
    },
  );

/**
 * POST /api/management/admin/prelaunch/: a complete year (100%) not yet enabled is opened to staff
 * before the customer sees it: it joins accessible_years, the years the dummy view offers. The
 * customer's years (enabled ones) do not change.
 */
export const prelaunchRoutes = new Hono<AppEnv>().post(
  "/",
  requireStaff({ siteAdmin: true }),
  describe({
    summary: "Prelaunch a complete year: staff read its analyses in the dummy view before the customer does.",
    description:
      "The year must have accepted data, the market data of that year and be complete (100% progress), and not be enabled.",
    tags: ["Back office: years"],
    body: prelaunchBody,
    bodyExample: prelaunchYearBodyExample,
    answer: {
      description: "The organisation's years after the change.",
      schema: yearPrelaunchedAnswer,
      example: yearPrelaunchedExample,
    },
  }),
  async (c) => {
    const body = await readJson(c, prelaunchBody);
    const { db } = c.var.app.database;
    const organisation = await organisationOr404(db, body.org_id);
    // An enabled year is refused by the rule itself ("already enabled: nothing to prelaunch").
    const row = await openableYear(c.var.app, organisation, body.year, "prelaunch");
    await db
      .update(organisationYears)
      .set({ prelaunched: true, updatedAt: c.var.app.clock.now() })
      .where(eq(organisationYears.id, row.id));
    await notifyYearsOpened(c.var.app, organisation.id);
    await publishStateChange(c.var.app, { organisationId: organisation.id, year: body.year, topic: "year" });
    return c.json({
      status: 200,
      // Shown on the year detail as the click's outcome: what opened, and for whom.
      detail: `${body.year} is prelaunched for ${organisation.name}: staff can read its ${await analysesWord()} in the dummy view; its users see them once the year is enabled.`,
      year: body.year,
      prelaunched: true,
      ...(await yearsAnswer(db, organisation.id)),
    });
  },
);

/** DELETE /api/management/admin/customer/remove-year/: action 'delete' the year, null its file. */
export const removeYearRoutes = new Hono<AppEnv>().delete(
  "/",
  requireStaff({ siteAdmin: true }),
  describe({
    summary: "Remove a year of an organisation with its files and results.",
    tags: ["Back office: years"],
    body: removeBody,
    bodyExample: removeYearBodyExample,
    answer: {
      description: "What was removed and the organisation's years after the change.",
      schema: yearRemovedAnswer,
      example: yearRemovedExample,
    },
  }),
  async (c) => {
    const body = await readJson(c, removeBody);
    const { db } = c.var.app.database;
    const organisation = await organisationOr404(db, body.organization);
    if (!(await yearRow(db, organisation.id, body.year))) {
      throw notFound(`${organisation.name} has no year ${body.year}.`);
    }
    const removed = await removeYear(c.var.app, {
      organisationId: organisation.id,
      year: body.year,
      action: body.action,
    });
    // Every open screen on this organisation re-reads it (the year, or its file, is gone).
    await publishStateChange(c.var.app, { organisationId: organisation.id, year: body.year, topic: "year" });
    return c.json({
      status: 200,
      detail:
        body.action === "delete"
          ? `${body.year} and all its data are deleted.`
          : `The data of ${body.year} is deleted; a new file is expected.`,
      ...removed,
      ...(await yearsAnswer(db, organisation.id)),
    });
  },
);
