import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
/** The API server `npm run dev` starts beside Vite; the dev server forwards /api and /ws to it. */
const apiTarget = process.env.VITALITY_API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: webRoot,
  plugins: [react()],
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
    // Vendor code changes far less often than ours: separate chunks keep browser caches warm
    // across releases and each chunk under the size warning.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "mantine", test: /node_modules[\\/]@mantine[\\/]/ },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: "icons", test: /node_modules[\\/]@tabler[\\/]/ },
          ],
        },
      },
    },
  },
});
