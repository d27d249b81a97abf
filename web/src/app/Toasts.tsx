import { Notifications } from "@mantine/notifications";

/**
 * The toasts' container, in its own module so that App.tsx can load it after the first paint (a
 * dynamic import of @mantine/notifications itself would keep the whole package in every screen).
 */
export default function Toasts() {
  return <Notifications position="top-right" autoClose={5000} />;
}
