import { getRouteApi } from "@tanstack/react-router";
import { CustomQueryScreen } from "../../query/CustomQueryScreen.tsx";

const route = getRouteApi("/client/queries/custom/$id");

/** A saved custom query, loaded with its route (customQuery.tsx) on first use. */
export function CustomQueryRouteScreen() {
  const { id } = route.useParams();
  return <CustomQueryScreen key={id} id={id} />;
}
