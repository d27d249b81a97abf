import { getRouteApi } from "@tanstack/react-router";
import { DummyShell } from "../../layout/DummyShell.tsx";

const route = getRouteApi("/dummy/$orgId");

/** The dummy view's shell, loaded with its route (dummyLayout.tsx) on first use. */
export function DummyLayoutScreen() {
  const { orgId } = route.useParams();
  return <DummyShell orgId={orgId} />;
}
