import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { organisations } from "../../db/schema/index.ts";
import { agreementAnswer } from "../../http/answers/customer.ts";
import { readJson } from "../../http/body.ts";
import { forbidden } from "../../http/errors.ts";
import { acceptAgreementBodyExample } from "../../http/examples/requestBodies.ts";
import { customerScope } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";

export const acceptAgreement = z.strictObject({
  organization: z.uuid({ message: "must be an organisation id" }),
});

/** POST /api/management/customer/agreement/: a user of the organisation accepts the licence agreement. */
export const agreementRoutes = new Hono<AppEnv>().post(
  "/",
  customerScope(),
  describe({
    summary: "Accept the data-use agreement for the customer's organisation.",
    tags: ["Customer: account"],
    body: acceptAgreement,
    bodyExample: acceptAgreementBodyExample,
    answer: {
      description: "The agreement is accepted.",
      schema: agreementAnswer,
      example: { status: 200, agreement_accepted: true },
    },
  }),
  async (c) => {
    const { organization } = await readJson(c, acceptAgreement);
    if (organization !== c.var.scope.organisationId)
      throw forbidden("You can only accept for your own organisation.");
    await c.var.app.database.db
      .update(organisations)
      .set({ agreementAccepted: true })
      .where(eq(organisations.id, organization));
    await sessionsChanged(c.var.app, { organisationId: organization });
    return c.json({ status: 200, agreement_accepted: true });
  },
);
