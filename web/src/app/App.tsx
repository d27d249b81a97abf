import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { sessionKeys } from "../session/queries.ts";
import { createQueryClient } from "./queryClient.ts";
import { createAppRouter } from "./router.ts";
import { setSessionLostHandler } from "./sessionExpiry.ts";
import { theme } from "./theme.ts";

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A call answered 401 mid-session: re-check the session and let the guards redirect.
setSessionLostHandler(() => {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all }).then(() => router.invalidate());
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={5000} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
