import { eq, isNotNull, or } from "drizzle-orm";
import { organisationYears } from "../db/schema/index.ts";

/**
 * The organisation years customers read, as a SQL condition: enabled by staff, or held at their
 * enabled version while newer data is reviewed (engine/organisationInputs.ts yearsFor says the same
 * for the analyses).
 */
export const readableByCustomers = () =>
  or(eq(organisationYears.enabled, true), isNotNull(organisationYears.heldVersionId));
