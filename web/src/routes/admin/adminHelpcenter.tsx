import { createRoute } from "@tanstack/react-router";
import { HelpcenterScreen } from "../../admin/helpcenter/HelpcenterScreen.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const adminHelpcenterRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "helpcenter",
  component: HelpcenterScreen,
});
