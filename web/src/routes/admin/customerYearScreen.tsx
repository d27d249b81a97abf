import { getRouteApi } from "@tanstack/react-router";
import { YearDetailScreen } from "../../admin/year/YearDetailScreen.tsx";

const route = getRouteApi("/administration/customers/$id/$year");

/** One customer's year, loaded with its route (customerYear.tsx) on first use. */
export function CustomerYearRouteScreen() {
  const { id, year } = route.useParams();
  return <YearDetailScreen id={id} year={year} />;
}
