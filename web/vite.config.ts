import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
/** The API server `npm run dev` starts beside Vite; the dev server forwards /api and /ws to it. */
const apiTarget = process.env.VITALITY_API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: webRoot,
  // Each built file also Brotli- and gzip-compressed beside it (at their highest levels, once per
  // build): the server sends the one a browser accepts (server/app.ts), none compressed per request.
  plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })],
  resolve: {
    alias: { "@web": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/ws": { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Vega (~900 kB) and OpenLayers load lazily with the first chart or map, never on first paint.
    chunkSizeWarningLimit: 1000,
    // Every route's screen is a dynamic import (web/src/routes), so rolldown puts each module in a
    // chunk shared by exactly the screens that use it. Named groups only for what most screens need:
    // React, the router and React Query, the icons (one small chunk instead of one per icon), and
    // the Mantine components used by at least six chunks (Box, Button, Text, Menu...). A group takes
    // its members' dependencies with it: the former group of all of @mantine/* held every component
    // any screen uses (Tiptap, pickers, dropzone, number inputs), ~120 kB gzipped on every first
    // paint. Without a Mantine group each screen gets only its own, but in dozens of tiny chunks;
    // minShareCount 6 measured best (bench/README.md "web": fewest bytes before paint, ~25 chunks).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: "mantine",
              test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/,
              minShareCount: 6,
            },
            { name: "icons", test: /node_modules[\\/]@tabler[\\/]/ },
            {
              name: "tanstack",
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
