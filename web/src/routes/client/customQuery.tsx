import { createRoute } from "@tanstack/react-router";
import { CustomQueryScreen } from "../../query/CustomQueryScreen.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const customQueryRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "queries/custom/$id",
  component: function CustomQueryRouteScreen() {
    const { id } = customQueryRoute.useParams();
    return <CustomQueryScreen key={id} id={id} />;
  },
});
