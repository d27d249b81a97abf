/*
 * The page's first API reads, started while the app's code downloads and starts. A small plain
 * async script: it runs as soon as it arrives, normally well before the app's modules. The app
 * takes each answer once, on its first read of the same path (web/src/api/earlyRequests.ts), and
 * drops what it did not use once its first screen has resolved. Only reads the area's first screen
 * makes first: the session check (the route guard), and an analysis's manifest (its run waits for
 * it).
 */
(() => {
  const path = window.location.pathname;
  const reads = [];
  if (path.startsWith("/administration") || path.startsWith("/dummy/")) {
    // The back office and staff's dummy view of an organisation: both guards want a staff session.
    reads.push("/api/management/admin/detail/");
  } else if (!/^\/(validate_token|agreement)/.test(path)) {
    reads.push("/api/management/customer/detail/");
    if (/^\/queries\/querie\d+\/?$/.test(path)) reads.push("/api/management/queries/manifest");
  }
  const early = {};
  for (const url of reads) {
    early[url] = fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
    // A failure here is the app's to see when it reads again: no unhandled rejection from this one.
    early[url].catch(() => undefined);
  }
  window.__vitalityEarly = early;
})();
