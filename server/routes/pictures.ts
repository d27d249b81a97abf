import { existsSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { customerUsers, organisations, staffAccounts } from "../db/schema/index.ts";
import { invalidToken, notFound } from "../http/errors.ts";
import { IMAGE_EXAMPLE } from "../http/examples/services.ts";
import { describe } from "../http/openapi/declare.ts";
import { PICTURE_CONTENT_TYPE, PICTURE_URL_PREFIX, storedPicturePath } from "../pictures/pictureStore.ts";

/** Whose picture a stored path is: a customer user's or an organisation's logo (its organisation), or staff's. */
async function ownerOf(db: Db, url: string): Promise<{ organisationId?: string; staff?: true } | undefined> {
  const [user] = await db
    .select({ organisationId: customerUsers.organisationId })
    .from(customerUsers)
    .where(eq(customerUsers.picture, url))
    .limit(1);
  if (user) return user;
  const [logo] = await db
    .select({ organisationId: organisations.id })
    .from(organisations)
    .where(eq(organisations.logo, url))
    .limit(1);
  if (logo) return logo;
  const [staff] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.picture, url))
    .limit(1);
  return staff ? { staff: true } : undefined;
}

/**
 * GET /api/pictures/{name}: a stored picture or logo, always as image/webp with nosniff (every stored
 * file was re-encoded to WebP), never as what a name suggests. Signed-in users only: a customer reads
 * the pictures of its own organisation's users and its logo; staff read any. Anything else is 404.
 */
export const pictureRoutes = new Hono<AppEnv>().get(
  "/:name",
  describe({
    summary: "A profile picture or logo, to its owner's organisation (and staff) only.",
    tags: ["Pictures"],
    answer: {
      description: "The image.",
      media: "image/webp",
      schema: z.string().meta({ format: "binary" }),
      example: IMAGE_EXAMPLE,
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (!session) throw invalidToken();
    const name = c.req.param("name");
    const path = storedPicturePath(c.var.app.config.dataDir, name);
    if (!path || !existsSync(path)) throw notFound("Picture not found.");
    const owner = await ownerOf(c.var.app.database.db, `${PICTURE_URL_PREFIX}${name}`);
    const allowed =
      owner !== undefined &&
      (session.kind === "admin" ||
        (owner.organisationId !== undefined && owner.organisationId === session.organisation.id));
    if (!allowed) throw notFound("Picture not found.");
    return c.body(readFileSync(path), 200, {
      "Content-Type": PICTURE_CONTENT_TYPE,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      // A name is never reused: a new picture gets a new name.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  },
);
