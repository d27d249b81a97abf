/**
 * The number of users an organisation may have (admin-area.md), apart from the field rules
 * (userFields.ts, zod): the back office's Users table reads it on first paint without loading zod.
 */
export const MAX_USERS_PER_ORGANISATION = 3;
