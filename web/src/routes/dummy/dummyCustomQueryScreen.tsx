import { getRouteApi } from "@tanstack/react-router";
import { CustomQueryScreen } from "../../query/CustomQueryScreen.tsx";

const route = getRouteApi("/dummy/$orgId/queries/custom/$id");

/** A saved custom query in dummy mode, loaded with its route (dummyScreens.tsx) on first use. */
export function DummyCustomQueryScreen() {
  const { id } = route.useParams();
  return <CustomQueryScreen key={id} id={id} />;
}
