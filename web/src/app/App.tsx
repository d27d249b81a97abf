import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { sessionKeys } from "../session/queries.ts";
import { afterNextPaint } from "./afterNextPaint.ts";
import { cssVariablesResolver } from "./cssVariables.ts";
import { createQueryClient } from "./queryClient.ts";
import { createAppRouter } from "./router.ts";
import { setSessionLostHandler } from "./sessionExpiry.ts";
import { theme } from "./theme.ts";

// The toasts' container (and its transitions) is not needed to paint a screen: it loads once the
// first screen is painted. A toast shown before it mounts waits in @mantine/notifications' store
// and appears then.
const Toasts = lazy(() => import("./Toasts.tsx"));

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A call answered 401 mid-session: re-check the session and let the guards redirect.
setSessionLostHandler(() => {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all }).then(() => router.invalidate());
});

/** True once the first screen has been drawn (or after a few seconds, whatever happened to it). */
function useFirstScreenPainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let started = false;
    const afterFirst = () => {
      if (started) return;
      started = true;
      void afterNextPaint().then(() => setPainted(true));
    };
    const unsubscribe = router.subscribe("onRendered", afterFirst);
    const fallback = setTimeout(afterFirst, 3000);
    return () => {
      unsubscribe();
      clearTimeout(fallback);
    };
  }, []);
  return painted;
}

/**
 * The toasts' container once the first screen is painted. Its flag lives here, not in App: flipping
 * it in App rendered the whole tree again (the router's screen with it: 1,600 components of a query
 * screen, in the task that starts its first chart).
 */
function ToastsAfterFirstScreen() {
  return useFirstScreenPainted() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <ToastsAfterFirstScreen />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
