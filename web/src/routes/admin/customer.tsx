import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const customerRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers/$id",
  component: () => <ScreenTitle title="Customer overview" />,
});
