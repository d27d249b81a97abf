import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const customQueryRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "queries/custom/$id",
  component: function CustomQueryRouteScreen() {
    const { id } = customQueryRoute.useParams();
    return <CustomQueryScreen id={id} />;
  },
});

/** A saved view of one analysis, with its filters (also in dummy mode). */
export function CustomQueryScreen(_props: { id: string }) {
  return <ScreenTitle title="Custom query" />;
}
