import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminLayoutRoute } from "./adminLayout.tsx";

const YEAR_PATTERN = /^\d{4}$/;

export const customerYearRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers/$id/$year",
  // A year is four digits (admin spec §9); anything else is not a page.
  params: {
    parse: ({ id, year }: { id: string; year: string }) =>
      YEAR_PATTERN.test(year) ? { id, year: Number(year) } : false,
    stringify: ({ id, year }: { id: string; year: number }) => ({ id, year: String(year) }),
  },
  component: lazyRouteComponent(() => import("./customerYearScreen.tsx"), "CustomerYearRouteScreen"),
});
