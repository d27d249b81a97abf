import { describe, expect, test } from "bun:test";
import { SERVER_RESTART_CLOSE, SESSION_ENDED_CLOSE } from "../../../server/live/closeCodes.ts";
import { afterClose } from "./afterClose.ts";

describe("afterClose", () => {
  test("a server restart reconnects at once, an ended session signs in, other drops back off", () => {
    expect(afterClose(SERVER_RESTART_CLOSE.code)).toBe("reconnect-soon");
    expect(afterClose(1012)).toBe("reconnect-soon");
    expect(afterClose(SESSION_ENDED_CLOSE.code)).toBe("sign-in");
    expect(afterClose(1006)).toBe("back-off");
    expect(afterClose(1013)).toBe("back-off");
  });
});
