import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { sessionKeys } from "../session/queries.ts";
import { cssVariablesResolver } from "./cssVariables.ts";
import { createQueryClient } from "./queryClient.ts";
import { createAppRouter } from "./router.ts";
import { setSessionLostHandler } from "./sessionExpiry.ts";
import { theme } from "./theme.ts";

// The toasts' container (and its transitions) is not needed to paint a screen: it loads just after.
// A toast shown before it mounts waits in @mantine/notifications' store and appears then.
const Toasts = lazy(() => import("./Toasts.tsx"));

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A call answered 401 mid-session: re-check the session and let the guards redirect.
setSessionLostHandler(() => {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all }).then(() => router.invalidate());
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
