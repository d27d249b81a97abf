import { crc32, deflateRawSync } from "node:zlib";

/**
 * A valid one-entry ZIP whose entry inflates to `inflatedBytes` of zeros. DEFLATE tops out near
 * 1032:1, so 1 GiB packs into about 1 MiB: the stream is built from a block of zeros compressed
 * once and repeated (stored as one raw DEFLATE stream with sync-flushed, byte-aligned blocks).
 */
export function buildZipBomb(inflatedBytes = 1024 ** 3, entryName = "market_ip.csv"): Uint8Array {
  const blockBytes = 64 * 1024 ** 2;
  const zeros = new Uint8Array(blockBytes);
  const blocks = Math.ceil(inflatedBytes / blockBytes);
  // A non-final block of 64 MiB zeros, byte-aligned (Z_FULL_FLUSH resets the window, so any
  // number of copies form a valid stream), then an empty final block.
  const middle = deflateRawSync(zeros, { level: 9, finishFlush: 3 /* Z_FULL_FLUSH */ });
  const final = deflateRawSync(new Uint8Array(0), { level: 9 });
  const data = new Uint8Array(middle.length * blocks + final.length);
  for (let index = 0; index < blocks; index++) data.set(middle, index * middle.length);
  data.set(final, middle.length * blocks);
  let crc = 0;
  for (let index = 0; index < blocks; index++) crc = crc32(zeros, crc);
  const size = blocks * blockBytes;

  const name = new TextEncoder().encode(entryName);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint16(8, 8, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, size >= 2 ** 32 ? 0xffffffff : size, true);
  local.setUint16(26, name.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint16(10, 8, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, data.length, true);
  central.setUint32(24, size >= 2 ** 32 ? 0xffffffff : size, true);
  central.setUint16(28, name.length, true);
  const centralOffset = 30 + name.length + data.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + name.length, true);
  end.setUint32(16, centralOffset, true);
  const parts = [
    new Uint8Array(local.buffer),
    name,
    data,
    new Uint8Array(central.buffer),
    name,
    new Uint8Array(end.buffer),
  ];
  const zip = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    zip.set(part, offset);
    offset += part.length;
  }
  return zip;
}
