// The page's first API reads, started with the HTML: see web/src/api/earlyRequests.ts.
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
