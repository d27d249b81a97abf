import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const helpcenterRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "helpcenter",
  component: () => <ScreenTitle title="Help Center" />,
});
