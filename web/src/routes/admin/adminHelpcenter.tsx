import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const adminHelpcenterRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "helpcenter",
  component: () => <ScreenTitle title="Helpcenter" />,
});
