// Minimal typings for the untyped geography packages this folder uses (only what we call).

declare module "zipcodes" {
  export interface ZipCodeRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipCodeRecord>;
  export function lookup(zip: string | number): ZipCodeRecord | undefined;
}

declare module "d3-delaunay" {
  export class Voronoi {
    cellPolygon(index: number): Array<[number, number]> | null;
  }
  export class Delaunay {
    static from(points: ArrayLike<[number, number]>): Delaunay;
    voronoi(bounds: [number, number, number, number]): Voronoi;
  }
}

declare module "topojson-client" {
  export function feature(topology: unknown, object: unknown): GeoJSON.FeatureCollection | GeoJSON.Feature;
}

declare module "shapefile" {
  export interface Source {
    read(): Promise<{ done: boolean; value: GeoJSON.Feature }>;
  }
  type Input = string | ArrayBuffer | Uint8Array;
  export function open(shp: Input, dbf?: Input, options?: { encoding?: string }): Promise<Source>;
}

declare module "us-atlas/states-10m.json" {
  const topology: { objects: { states: unknown } };
  export default topology;
}
