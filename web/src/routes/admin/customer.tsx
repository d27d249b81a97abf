import { createRoute } from "@tanstack/react-router";
import { CustomerOverviewScreen } from "../../admin/customer/CustomerOverviewScreen.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const customerRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers/$id",
  component: function CustomerRouteScreen() {
    const { id } = customerRoute.useParams();
    return <CustomerOverviewScreen id={id} />;
  },
});
