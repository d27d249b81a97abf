import { createContext, useContext } from "react";

/**
 * The organisation staff are viewing in dummy mode, or undefined in the customer's own area. Screens
 * shared by both areas read it to load the right organisation and to build their links.
 */
export const DummyOrgContext = createContext<string | undefined>(undefined);

export function useDummyOrgId(): string | undefined {
  return useContext(DummyOrgContext);
}
