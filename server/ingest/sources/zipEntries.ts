import { closeSync, createReadStream, openSync, writeSync } from "node:fs";
import { basename, join } from "node:path";
import { Unzip, UnzipInflate } from "fflate";
import type { IngestLimits } from "../limits.ts";

export class ContainerRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContainerRefused";
  }
}

export interface ZipEntry {
  /** The entry's own file name (directories dropped): metadata used to name the table. */
  name: string;
  /** Its full name inside the archive. */
  fullName: string;
  /** Where it was written, under a generated name; undefined when only counted. */
  path?: string;
  bytes: number;
}

type Caps = Pick<
  IngestLimits,
  "maxEntries" | "maxUncompressedBytes" | "maxCompressionRatio" | "ratioGraceBytes"
>;

/**
 * Streams a ZIP through fflate's inflater, checking the caps on every chunk: a bomb is refused
 * after a few megabytes of output, whatever its headers claim. With `outDir` entries are written
 * there as entry-<n>; without, they are only counted (the XLSX pre-check, which keeps only the
 * workbook's sheet list).
 */
export async function inflateZip(
  zipPath: string,
  caps: Caps,
  outDir?: string,
  /** With outDir: only the entries whose full name passes are written (the others are counted). */
  write: (fullName: string) => boolean = () => true,
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let inflated = 0;
  let compressed = 0;
  let refusal: string | undefined;
  const open: { fd: number | undefined }[] = [];

  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (refusal) return;
    if (entries.length >= caps.maxEntries) {
      refusal = `the archive has more than ${caps.maxEntries} entries`;
      return;
    }
    const name = basename(file.name);
    const isDirectory = file.name.endsWith("/");
    const entry: ZipEntry = { name, fullName: file.name, bytes: 0 };
    entries.push(entry);
    const handle = { fd: undefined as number | undefined };
    if (outDir && !isDirectory && write(file.name)) {
      entry.path = join(outDir, `entry-${entries.length}`);
      handle.fd = openSync(entry.path, "w");
      open.push(handle);
    }
    file.ondata = (error, data, final) => {
      if (error) refusal ??= `the archive is damaged: ${error.message}`;
      if (refusal) return;
      entry.bytes += data.length;
      inflated += data.length;
      if (inflated > caps.maxUncompressedBytes) {
        refusal = `the archive inflates to more than ${caps.maxUncompressedBytes} bytes`;
      } else if (
        inflated > caps.ratioGraceBytes &&
        inflated / Math.max(1, compressed) > caps.maxCompressionRatio
      ) {
        refusal = `the archive inflates more than ${caps.maxCompressionRatio} times its size (a zip bomb?)`;
      }
      if (refusal) {
        file.terminate();
        return;
      }
      if (handle.fd !== undefined) writeSync(handle.fd, data);
      if (final && handle.fd !== undefined) {
        closeSync(handle.fd);
        handle.fd = undefined;
      }
    };
    file.start();
  };

  try {
    const stream = createReadStream(zipPath, { highWaterMark: 64 * 1024 });
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      compressed += bytes.length;
      // Feed in small slices so a single highly compressed chunk cannot inflate far past a cap.
      for (let offset = 0; offset < bytes.length && !refusal; offset += 4096) {
        unzip.push(bytes.subarray(offset, offset + 4096));
      }
      if (refusal) {
        stream.destroy();
        break;
      }
    }
    if (!refusal) unzip.push(new Uint8Array(0), true);
  } finally {
    for (const handle of open) if (handle.fd !== undefined) closeSync(handle.fd);
  }
  if (refusal) throw new ContainerRefused(refusal);
  return entries;
}
