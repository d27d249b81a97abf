import { expect, test } from "bun:test";
import { SERVICE_LINE_LABELS as serverLabels } from "../../../../server/engine/filters.ts";
import { SERVICE_LINE_LABELS, serviceLineLabel } from "./serviceLines.ts";

test("the zip panel names service lines as the server does", () => {
  expect(SERVICE_LINE_LABELS).toEqual({ ...serverLabels });
  expect(serviceLineLabel("unknown_line")).toBe("unknown_line");
});
