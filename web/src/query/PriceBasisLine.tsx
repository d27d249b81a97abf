import { Text } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import { AnchorLink } from "../components/links.tsx";
import type { PriceBasis } from "./types.ts";

/** The organisation of a staff's dummy view in the address (/dummy/{orgId}/...), if any. */
const dummyOrgOf = (pathname: string) => /^\/dummy\/([^/]+)\//.exec(pathname)?.[1];

/**
 * What a chart's or table's dollars are priced at, under its title (querie11: the market's average
 * paid), with a link to the analysis of the other figure (querie7, the practice's own revenue) for
 * the year of the address; inside a staff's dummy view the link stays in it. The link is underlined:
 * inside a sentence its colour alone does not tell it apart (WCAG 1.4.1, axe link-in-text-block).
 */
export function PriceBasisLine({ basis }: { basis: PriceBasis | undefined }) {
  const location = useLocation();
  if (!basis) return null;
  const link = basis.link;
  const year = (location.search as Record<string, unknown>).year;
  const search = typeof year === "number" || typeof year === "string" ? { year } : {};
  const orgId = dummyOrgOf(location.pathname);
  return (
    <Text size="xs" c="dimmed" mb="sm" data-price-basis>
      {basis.text}
      {link ? (
        <>
          {" "}
          {orgId ? (
            <AnchorLink
              to="/dummy/$orgId/queries/$queryName"
              params={{ orgId, queryName: link.analysis }}
              search={search as never}
              size="xs"
              underline="always"
            >
              {link.label}
            </AnchorLink>
          ) : (
            <AnchorLink
              to="/queries/$queryName"
              params={{ queryName: link.analysis }}
              search={search as never}
              size="xs"
              underline="always"
            >
              {link.label}
            </AnchorLink>
          )}
        </>
      ) : null}
    </Text>
  );
}
