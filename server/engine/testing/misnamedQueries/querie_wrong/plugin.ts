/** A plugin whose id is not its folder's name: the registry must refuse it (registry.test.ts). */
import { definePlugin } from "../../../index.ts";
import { catalogue } from "./catalogue.ts";
import { texts } from "./texts.ts";

export default definePlugin({
  id: "querie_right",
  ...catalogue,
  texts,
  description: "",
  version: 1,
  dir: import.meta.dir,
  filters: { fields: ["year"] },
  view: { layout: "standard", charts: [], tables: [], maps: [] },
  kernel: async () => ({}),
  insights: () => [],
});
