import { getRouteApi } from "@tanstack/react-router";
import { CustomerOverviewScreen } from "../../admin/customer/CustomerOverviewScreen.tsx";

const route = getRouteApi("/administration/customers/$id");

/** One customer's overview, loaded with its route (customer.tsx) on first use. */
export function CustomerRouteScreen() {
  const { id } = route.useParams();
  return <CustomerOverviewScreen id={id} />;
}
