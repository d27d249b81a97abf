import { describe, expect, test } from "bun:test";
import MultiPolygon from "ol/geom/MultiPolygon.js";
import Point from "ol/geom/Point.js";
import Polygon from "ol/geom/Polygon.js";
import type { MapDescriptor, MapLayer } from "../../../../server/engine/view.ts";
import { bandColor, bandIndex, NO_VALUE_COLOR } from "./bands.ts";
import { labelPoint, markerGeometry, polygonGeometry } from "./geometry.ts";
import { hoverText } from "./hoverText.ts";
import { featureInfo, layerFeatures } from "./layerFeatures.ts";
import { legendRows, publishedCaseBounds, rangeLabel } from "./legendBounds.ts";
import { layerItems, valueAt } from "./resultPath.ts";
import { viewTarget } from "./viewRules.ts";
import { zipDetailOf } from "./zipDetail.ts";

// Web Mercator by hand (sphere radius R = 6378137 m): x = R * lon in radians,
// y = R * ln(tan(pi/4 + lat/2)). lon -86 -> -86 * pi/180 * R = -9573476.208;
// lat 40 -> ln(tan(65 deg)) = ln(2.144507) = 0.762909 -> 4865942.280.
const X_MINUS_86 = -9573476.208;
const Y_40 = 4865942.28;

/** A closed 1x1 degree square with its south-west corner at (lon, lat). */
const square = (lon: number, lat: number) => [
  [
    [lon, lat],
    [lon + 1, lat],
    [lon + 1, lat + 1],
    [lon, lat + 1],
    [lon, lat],
  ],
];

describe("bands", () => {
  // customer-area.md section 9: outmigration thresholds 1, 5, 30, 55; volume cut-offs 5, 10, 20, 30.
  const outmigration = [1, 5, 30, 55];
  const colors = ["pale", "light", "green", "dark", "darkest"];

  test("a value equal to a threshold belongs to the band above it", () => {
    expect(bandIndex(0, outmigration)).toBe(0);
    expect(bandIndex(0.99, outmigration)).toBe(0);
    expect(bandIndex(1, outmigration)).toBe(1);
    expect(bandIndex(4.99, outmigration)).toBe(1);
    expect(bandIndex(5, outmigration)).toBe(2);
    expect(bandIndex(30, outmigration)).toBe(3);
    expect(bandIndex(54.99, outmigration)).toBe(3);
    expect(bandIndex(55, outmigration)).toBe(4);
    expect(bandIndex(100, outmigration)).toBe(4);
  });

  test("colours follow the bands: under 5, 5-10, 10-20, 20-30, 30 or more", () => {
    const volume = [5, 10, 20, 30];
    expect([4.9, 5, 9.99, 10, 20, 29.9, 30, 75].map((weight) => bandColor(weight, volume, colors))).toEqual([
      "pale",
      "light",
      "light",
      "green",
      "dark",
      "dark",
      "darkest",
      "darkest",
    ]);
  });

  test("a missing or non-numeric value gets the neutral colour", () => {
    expect(bandColor(undefined, outmigration, colors)).toBe(NO_VALUE_COLOR);
    expect(bandColor("12", outmigration, colors)).toBe(NO_VALUE_COLOR);
    expect(bandColor(Number.NaN, outmigration, colors)).toBe(NO_VALUE_COLOR);
  });
});

describe("result paths", () => {
  test("a dotted path indexes arrays and objects", () => {
    const results = { outmigration_filtred: [{ total: 3 }, { "46037": { percentage: 40 } }] };
    expect(valueAt(results, "outmigration_filtred.0.total")).toBe(3);
    expect(valueAt(results, "outmigration_filtred.1.46037.percentage")).toBe(40);
    expect(valueAt(results, "outmigration_filtred.2.x")).toBeUndefined();
    expect(valueAt(results, "missing.path")).toBeUndefined();
  });

  test("array, object and single shapes give the layer's feature objects", () => {
    const base = { id: "l", title: "L", kind: "polygons" } as const;
    const results = {
      rows: [{ zipcode: "1" }, null, { zipcode: "2" }],
      keyed: [{}, { "46037": { percentage: 1 }, "46038": { id: "own", percentage: 2 } }],
      psa_polygon: { type: "poly", coordinates: [] },
      none: null,
    };
    expect(layerItems(results, { ...base, source: "rows", shape: "array" })).toEqual([
      { zipcode: "1" },
      { zipcode: "2" },
    ]);
    // The key becomes the id unless the feature has its own.
    expect(layerItems(results, { ...base, source: "keyed.1", shape: "object" })).toEqual([
      { id: "46037", percentage: 1 },
      { id: "own", percentage: 2 },
    ]);
    expect(layerItems(results, { ...base, source: "psa_polygon", shape: "single" })).toHaveLength(1);
    expect(layerItems(results, { ...base, source: "none", shape: "single" })).toEqual([]);
    expect(layerItems(results, { ...base, source: "psa_polygon", shape: "array" })).toEqual([]);
  });
});

describe("geometry", () => {
  test("a poly becomes a Polygon in Web Mercator", () => {
    const geometry = polygonGeometry({ type: "poly", coordinates: square(-86, 40) });
    expect(geometry).toBeInstanceOf(Polygon);
    const [first] = (geometry as Polygon).getCoordinates()[0]!;
    expect(first![0]).toBeCloseTo(X_MINUS_86, 2);
    expect(first![1]).toBeCloseTo(Y_40, 2);
  });

  test("a multipoly becomes a MultiPolygon with every part", () => {
    const geometry = polygonGeometry({ type: "multipoly", coordinates: [square(-86, 40), square(-80, 30)] });
    expect(geometry).toBeInstanceOf(MultiPolygon);
    expect((geometry as MultiPolygon).getPolygons()).toHaveLength(2);
  });

  test("null, unknown types and broken rings draw nothing", () => {
    expect(polygonGeometry(null)).toBeNull();
    expect(polygonGeometry({ type: "circle", coordinates: square(0, 0) })).toBeNull();
    expect(
      polygonGeometry({
        type: "poly",
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      }),
    ).toBeNull();
    expect(polygonGeometry({ type: "multipoly", coordinates: [square(0, 0), [[["a", 1]]]] })).toBeNull();
  });

  test("markers need both lat and lon", () => {
    const point = markerGeometry({ lat: 40, lon: -86 });
    expect(point).toBeInstanceOf(Point);
    expect(point!.getCoordinates()[0]).toBeCloseTo(X_MINUS_86, 2);
    expect(point!.getCoordinates()[1]).toBeCloseTo(Y_40, 2);
    expect(markerGeometry({ lat: 40 })).toBeNull();
    expect(markerGeometry({ lat: "40", lon: -86 })).toBeNull();
  });

  test("a multi-part area is labelled once, inside its largest part", () => {
    // A 1x1 degree part and a 3x3 degree part (-80..-77, 30..33): the label lies in the larger.
    const big = [
      [
        [-80, 30],
        [-77, 30],
        [-77, 33],
        [-80, 33],
        [-80, 30],
      ],
    ];
    const geometry = polygonGeometry({ type: "multipoly", coordinates: [square(-86, 40), big] })!;
    const [x] = labelPoint(geometry).getCoordinates();
    // x of lon -80 is -80 * pi/180 * 6378137 = -8905559.26; of lon -77, -8571600.79.
    expect(x!).toBeGreaterThan(-8905559.26);
    expect(x!).toBeLessThan(-8571600.79);
  });
});

describe("layer features", () => {
  const zips: MapLayer = {
    id: "zips",
    title: "Zips",
    kind: "polygons",
    source: "by_zip",
    shape: "object",
    polygonField: "polygon",
    color: { field: "percentage", thresholds: [1, 5, 30, 55], colors: ["a", "b", "c", "d", "e"] },
    approximationField: "polygon.approximation",
  };

  test("each drawable feature carries its result object, band colour and approximation flag", () => {
    const results = {
      by_zip: {
        "46037": {
          percentage: 30,
          polygon: { type: "poly", coordinates: square(-86, 40), approximation: true },
        },
        "46038": { percentage: 0.5, polygon: { type: "poly", coordinates: square(-85, 40) } },
        // No known shape: not drawn.
        "46039": { percentage: 70, polygon: null },
      },
    };
    const features = layerFeatures(zips, results);
    expect(features.map((feature) => featureInfo(feature)!.item.id)).toEqual(["46037", "46038"]);
    expect(features.map((feature) => featureInfo(feature)!.fill)).toEqual(["d", "a"]);
    expect(features.map((feature) => featureInfo(feature)!.approximate)).toEqual([true, false]);
  });

  test("a one-shape layer is labelled with its label text when that is not a field", () => {
    const psa: MapLayer = {
      id: "psa",
      title: "PSA",
      kind: "polygons",
      source: "psa_polygon",
      shape: "single",
      label: "PSA",
    };
    const [feature] = layerFeatures(psa, { psa_polygon: { type: "poly", coordinates: square(-86, 40) } });
    expect(featureInfo(feature!)!.label).toBe("PSA");
    expect(featureInfo(feature!)!.fill).toBeUndefined();
  });

  test("markers are labelled from their field", () => {
    const markers: MapLayer = { id: "facilities", title: "F", kind: "markers", source: "m", label: "name" };
    const features = layerFeatures(markers, {
      m: [{ name: "Clinic", lat: 40, lon: -86 }, { name: "Nowhere" }],
    });
    expect(features.map((feature) => featureInfo(feature)!.label)).toEqual(["Clinic"]);
  });
});

describe("view rules", () => {
  const descriptor = (center: MapDescriptor["center"], layers: MapLayer[] = []): MapDescriptor => ({
    id: "m",
    title: "M",
    center,
    zoom: { initial: 5, minimum: 5, focused: 9 },
    layers,
  });
  const psaLayer: MapLayer = {
    id: "psa",
    title: "PSA",
    kind: "polygons",
    source: "psa_polygon",
    shape: "single",
  };

  test("'psa' centres on the PSA's extent at the focused zoom", () => {
    const features = layerFeatures(psaLayer, { psa_polygon: { type: "poly", coordinates: square(-86, 40) } });
    const target = viewTarget(descriptor("psa", [psaLayer]), new Map([["psa", features]]));
    expect(target.kind).toBe("center");
    if (target.kind !== "center") return;
    expect(target.zoom).toBe(9);
    // Centre x: lon -85.5 -> -85.5 * pi/180 * 6378137 = -9517816.46.
    expect(target.center[0]).toBeCloseTo(-9517816.46, 1);
  });

  test("'psa' without a PSA polygon stays on the country at the initial zoom", () => {
    const target = viewTarget(descriptor("psa", [psaLayer]), new Map([["psa", []]]));
    expect(target).toMatchObject({ kind: "center", zoom: 5 });
  });

  test("'facilities' fits the markers of every marker layer, no closer than the initial zoom", () => {
    const facilities: MapLayer = { id: "f", title: "F", kind: "markers", source: "f" };
    const locations: MapLayer = { id: "l", title: "L", kind: "markers", source: "l" };
    const results = { f: [{ lat: 40, lon: -86 }], l: [{ lat: 41, lon: -85 }] };
    const target = viewTarget(
      descriptor("facilities", [facilities, locations]),
      new Map([
        ["f", layerFeatures(facilities, results)],
        ["l", layerFeatures(locations, results)],
      ]),
    );
    expect(target.kind).toBe("fit");
    if (target.kind !== "fit") return;
    expect(target.maxZoom).toBe(5);
    expect(target.extent[0]).toBeCloseTo(X_MINUS_86, 2);
    // lon -85 -> -85 * pi/180 * 6378137 = -9462156.72.
    expect(target.extent[2]).toBeCloseTo(-9462156.72, 1);
  });
});

describe("legend bounds", () => {
  test("one row per band, open below the first threshold and above the last", () => {
    const rows = legendRows([1, 5, 30, 55], ["a", "b", "c", "d", "e"], [20, 100, 600, 1100]);
    expect(rows).toEqual([
      { color: "a", from: null, to: 1, cases: { from: null, to: 20 } },
      { color: "b", from: 1, to: 5, cases: { from: 20, to: 100 } },
      { color: "c", from: 5, to: 30, cases: { from: 100, to: 600 } },
      { color: "d", from: 30, to: 55, cases: { from: 600, to: 1100 } },
      { color: "e", from: 55, to: null, cases: { from: 1100, to: null } },
    ]);
    expect(legendRows([5], ["a", "b"])).toEqual([
      { color: "a", from: null, to: 5 },
      { color: "b", from: 5, to: null },
    ]);
  });

  test("published bounds are used only when they match the thresholds", () => {
    // querie9 publishes the outmigrated cases at 1, 5, 30 and 55 %: of 2,000 cases that is
    // 20, 100, 600 and 1,100.
    const legend = [1, 5, 30, 55].map((percentage) => ({ percentage, cases: (2000 * percentage) / 100 }));
    expect(publishedCaseBounds({ m_legend: legend }, "m", [1, 5, 30, 55])).toEqual([20, 100, 600, 1100]);
    expect(publishedCaseBounds({ m_legend: legend }, "m", [5, 10, 20, 30])).toBeUndefined();
    expect(publishedCaseBounds({}, "m", [1, 5, 30, 55])).toBeUndefined();
  });

  test("range labels", () => {
    expect(rangeLabel(null, 5, "%")).toBe("under 5%");
    expect(rangeLabel(5, 10, "%")).toBe("5% to under 10%");
    expect(rangeLabel(30, null, "%")).toBe("30% or more");
    expect(rangeLabel(1031.8, null, " cases")).toBe("1,031.8 cases or more");
    expect(rangeLabel(18.756, 93.8)).toBe("18.76 to under 93.8");
  });
});

describe("zip detail", () => {
  test("services with cases (largest first) and providers, from the clicked zip", () => {
    const detail = zipDetailOf({
      zipcode: "46037",
      percentage: 40,
      cases: 10,
      outside_cases: 4,
      services: { spine: 1, trauma: 3, hand_ue: 0 },
      providers: [{ name: "Dr A", cases: 4 }],
    });
    expect(detail).toEqual({
      zipcode: "46037",
      percentage: 40,
      cases: 10,
      outsideCases: 4,
      services: [
        { service: "Trauma", cases: 3 },
        { service: "Spine", cases: 1 },
      ],
      providers: [{ name: "Dr A", cases: 4 }],
    });
  });

  test("features without services and providers have no panel", () => {
    expect(zipDetailOf({ zipcode: "46037", weight: 3 })).toBeNull();
    expect(zipDetailOf({ services: {}, providers: [] })).toBeNull();
  });
});

describe("hover text", () => {
  const zips: MapLayer = {
    id: "zips",
    title: "Outmigrated cases by zip code",
    kind: "polygons",
    source: "z",
    shape: "object",
    color: { field: "percentage", thresholds: [1], colors: ["a", "b"] },
  };

  test("a zip shows its code and its value to 2 decimals, and says when its shape is approximate", () => {
    // 2 of 7 cases outmigrated: 28.571428...% shown as 28.57%.
    const info = {
      layerId: "zips",
      item: { zipcode: "46055", percentage: (2 / 7) * 100 },
      approximate: true,
    };
    expect(hoverText(zips, info)).toBe("Outmigrated cases by zip code: 46055 · 28.57% · (approximate shape)");
  });

  test("a marker shows its label", () => {
    const markers: MapLayer = { id: "f", title: "Facilities", kind: "markers", source: "f", label: "name" };
    expect(hoverText(markers, { layerId: "f", item: {}, label: "Clinic", approximate: false })).toBe(
      "Clinic",
    );
  });
});
