import { z } from "zod";

/**
 * zod compiles fast object parsers with `new Function` after probing whether eval is allowed. The
 * page's Content-Security-Policy forbids eval (script-src 'self', no 'unsafe-eval'), and the browser
 * reports even the caught probe as a CSP violation. jitless parses without generated code, the same
 * results; imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
