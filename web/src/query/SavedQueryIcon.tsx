import { IconBuilding, IconUser, IconUsersGroup } from "@tabler/icons-react";
import type { SavedQuery } from "../api/queries.ts";

/**
 * Whose saved query it is, as the navigation shows it (customer-area.md, Navigation): a user icon for
 * the user's own, a building for one the provider saved (its owner reads 'AHI'), a group of users for
 * a colleague's shared one.
 */
export function SavedQueryIcon({
  query,
  own,
  size = 16,
}: {
  query: SavedQuery;
  own: boolean;
  size?: number;
}) {
  if (own) return <IconUser size={size} aria-label="Your query" data-icon="own" />;
  if (query.from_provider)
    return <IconBuilding size={size} aria-label="Shared by AHI" data-icon="provider" />;
  return <IconUsersGroup size={size} aria-label="Shared by a colleague" data-icon="colleague" />;
}
