/**
 * Writes a tiny polygon shapefile (.shp + .dbf) with a ZCTA5CE20 column, byte by byte, so the ZCTA
 * importer can be tested without downloading TIGER data. Test support only.
 * Format: ESRI Shapefile Technical Description (1998) and the dBASE III table layout.
 */
export interface TestZcta {
  zcta: string;
  /** One outer ring, clockwise (the shapefile convention for outer rings), closed. */
  ring: Array<[number, number]>;
}

function boundingBox(points: Array<[number, number]>): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function shpBytes(zctas: TestZcta[]): Uint8Array {
  const POLYGON = 5;
  const contentLengths = zctas.map((z) => 44 + 4 + 16 * z.ring.length); // type+box+counts, one part, points
  const total = 100 + contentLengths.reduce((sum, length) => sum + 8 + length, 0);
  const view = new DataView(new ArrayBuffer(total));
  const box = boundingBox(zctas.flatMap((z) => z.ring));
  view.setInt32(0, 9994, false);
  view.setInt32(24, total / 2, false); // lengths are counted in 16-bit words
  view.setInt32(28, 1000, true);
  view.setInt32(32, POLYGON, true);
  box.forEach((value, index) => {
    view.setFloat64(36 + 8 * index, value, true);
  });
  let offset = 100;
  zctas.forEach((zcta, index) => {
    view.setInt32(offset, index + 1, false);
    view.setInt32(offset + 4, contentLengths[index]! / 2, false);
    offset += 8;
    view.setInt32(offset, POLYGON, true);
    boundingBox(zcta.ring).forEach((value, i) => {
      view.setFloat64(offset + 4 + 8 * i, value, true);
    });
    view.setInt32(offset + 36, 1, true); // parts
    view.setInt32(offset + 40, zcta.ring.length, true);
    view.setInt32(offset + 44, 0, true); // the only part starts at point 0
    offset += 48;
    for (const [x, y] of zcta.ring) {
      view.setFloat64(offset, x, true);
      view.setFloat64(offset + 8, y, true);
      offset += 16;
    }
  });
  return new Uint8Array(view.buffer);
}

export function dbfBytes(zctas: TestZcta[]): Uint8Array {
  const fieldLength = 5;
  const headerLength = 32 + 32 + 1;
  const recordLength = 1 + fieldLength;
  const bytes = new Uint8Array(headerLength + recordLength * zctas.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes.set([124, 1, 1], 1); // last update 2024-01-01 (years since 1900)
  view.setUint32(4, zctas.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  bytes.set(new TextEncoder().encode("ZCTA5CE20"), 32);
  bytes[32 + 11] = "C".charCodeAt(0);
  bytes[32 + 16] = fieldLength;
  bytes[64] = 0x0d;
  zctas.forEach((zcta, index) => {
    const start = headerLength + index * recordLength;
    bytes[start] = 0x20; // not deleted
    bytes.set(new TextEncoder().encode(zcta.zcta.padEnd(fieldLength)), start + 1);
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}
