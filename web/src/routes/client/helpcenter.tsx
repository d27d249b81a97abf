import { createRoute } from "@tanstack/react-router";
import { HelpCenterScreen } from "../../helpcenter/HelpCenterScreen.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const helpcenterRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "helpcenter",
  component: HelpCenterScreen,
});
