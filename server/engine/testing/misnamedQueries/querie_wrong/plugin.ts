/** A plugin whose id is not its folder's name: the registry must refuse it (registry.test.ts). */
import { definePlugin } from "../../../index.ts";

export default definePlugin({
  id: "querie_right",
  title: "Misnamed",
  theme: "Service Strength",
  description: "",
  version: 1,
  dir: import.meta.dir,
  filters: { fields: ["year"] },
  view: { layout: "standard", charts: [], tables: [], maps: [] },
  kernel: async () => ({}),
});
