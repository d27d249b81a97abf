// The page's first API reads, started with the HTML: see web/src/api/earlyRequests.ts.
(() => {
  const path = window.location.pathname;
  const analysis = /^\/queries\/(querie\d+)\/?$/.exec(path);
  const reads = [];
  if (path.startsWith("/administration") || path.startsWith("/dummy/")) {
    // The back office and staff's dummy view of an organisation: both guards want a staff session.
    reads.push("/api/management/admin/detail/");
  } else if (!/^\/(validate_token|agreement)/.test(path)) {
    reads.push("/api/management/customer/detail/");
    if (analysis) reads.push("/api/management/queries/manifest");
  }
  const early = {};
  const keep = (key, answer) => {
    early[key] = answer;
    // A failure here is the app's to see when it reads again: no unhandled rejection from this one.
    answer.catch(() => undefined);
  };
  for (const url of reads)
    keep(url, fetch(url, { credentials: "include", headers: { Accept: "application/json" } }));
  // An analysis opened at its defaults (no filters in the address): its run too, with no filters, so
  // the server answers with the defaults the screen will ask for. The app takes it only when the
  // filters answered are the ones it resolved (earlyRequests.ts). A POST echoes the CSRF cookie.
  const csrf = /(?:^|;\s*)csrftoken=([^;]*)/.exec(document.cookie);
  if (analysis && window.location.search === "" && csrf)
    keep(
      `run:${analysis[1]}`,
      fetch(`/api/management/queries/${analysis[1]}`, {
        method: "POST",
        credentials: "include",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          "X-CSRFToken": decodeURIComponent(csrf[1]),
        },
        body: '{"filters":{}}',
      }),
    );
  window.__vitalityEarly = early;
})();
