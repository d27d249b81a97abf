export * from "./activity.ts";
export * from "./content.ts";
export * from "./fileIntents.ts";
export * from "./identity.ts";
export * from "./jobRuns.ts";
export * from "./practice.ts";
export * from "./reports.ts";
export * from "./schemes.ts";
