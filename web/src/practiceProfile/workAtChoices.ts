import type { Choice } from "../forms/types.ts";

interface Site {
  name: string;
  locations?: { name: string }[];
}

/**
 * A provider's 'Works at' choices: the organisation's facility and location names, each once, in
 * the order the profile lists them (the server checks each name sent exists).
 */
export function workAtChoices(facilities: Site[]): Choice[] {
  const names = facilities.flatMap((facility) => [
    facility.name,
    ...(facility.locations ?? []).map((l) => l.name),
  ]);
  return [...new Set(names)].map((name) => ({ value: name, label: name }));
}
