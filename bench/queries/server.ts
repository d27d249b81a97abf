/** The real server process the cached-answer benchmark sends requests to (no web build needed). */
import { startServer } from "../../server/main.ts";

await startServer();
