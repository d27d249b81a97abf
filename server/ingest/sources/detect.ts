import { closeSync, openSync, readSync } from "node:fs";

export type Container = "csv" | "parquet" | "zip" | "xlsx";

/**
 * The container of a file from its bytes, never from its name: a ZIP is an XLSX when it carries
 * the workbook part. The user's file name is metadata only.
 */
export function detectContainer(path: string): Container {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(4096);
    const length = readSync(fd, head, 0, head.length, 0);
    const bytes = head.subarray(0, length);
    if (bytes.subarray(0, 4).toString("latin1") === "PAR1") return "parquet";
    if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
      // Office files list [Content_Types].xml and xl/ parts near the start of the archive.
      const text = bytes.toString("latin1");
      return text.includes("[Content_Types].xml") || text.includes("xl/") ? "xlsx" : "zip";
    }
    return "csv";
  } finally {
    closeSync(fd);
  }
}
