import type { Command } from "../main.ts";

export const command: Command = {
  summary: "start the server (as npm start, without building the web app)",
  usage: "vitality serve",
  async run() {
    const { startServer } = await import("../../main.ts");
    await startServer();
    // Keep running until a signal stops the server.
    await new Promise(() => {});
    return 0;
  },
};
