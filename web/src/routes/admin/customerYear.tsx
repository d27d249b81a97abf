import { createRoute } from "@tanstack/react-router";
import { YearDetailScreen } from "../../admin/year/YearDetailScreen.tsx";
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
  component: function CustomerYearScreen() {
    const { id, year } = customerYearRoute.useParams();
    return <YearDetailScreen id={id} year={year} />;
  },
});
