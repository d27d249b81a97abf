/**
 * A call or field renamed keeps its old name for a while: the old call still answers, with
 * `Deprecation` (RFC 9745: since when, as `@<unix seconds>`), `Sunset` (RFC 8594: when it stops, an
 * HTTP date) and `Link: <successor>; rel="successor-version"`, and the document marks it
 * `deprecated` with the same words. Declared on the route: describe({deprecated: {...}}).
 */
export interface Deprecated {
  /** When it was deprecated (YYYY-MM-DD): the API version of that day lists it in docs/api-changelog.md. */
  since: string;
  /** When it stops answering (YYYY-MM-DD); at least 6 months after `since`. */
  sunset: string;
  /** The call to use instead, e.g. `POST /api/management/customer/users/`. */
  successor: string;
}

const day = (date: string) => new Date(`${date}T00:00:00Z`);

export function deprecationHeaders(deprecated: Deprecated): Record<string, string> {
  const path = deprecated.successor.split(" ").at(-1) ?? deprecated.successor;
  return {
    Deprecation: `@${Math.floor(day(deprecated.since).getTime() / 1000)}`,
    Sunset: day(deprecated.sunset).toUTCString(),
    Link: `<${path}>; rel="successor-version"`,
  };
}

export const deprecationWords = (deprecated: Deprecated) =>
  `**Deprecated** since ${deprecated.since}: use \`${deprecated.successor}\`. It stops answering on ${deprecated.sunset} (the \`Sunset\` header); every answer carries \`Deprecation\` and \`Sunset\`.`;
