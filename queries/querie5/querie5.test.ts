import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, practiceLine } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import { isochroneService, ServiceDriveAreas } from "../../server/geo/isochrone/driveAreas.ts";
import plugin from "./plugin.ts";

/*
 * Own ASC (2222222222) and its location Midtown Clinic sit at the 10001 centroid (40.7484, -73.9967);
 * location Uptown (zip 10025) has no coordinates: its zip centroid is used (approximate marker).
 * Practice volumes (surgical cases count 1, other lines their units):
 *   claim A: spine line + established E&M line, patient 10002, Midtown, Dr Own -> case 1 + E&M 1
 *   claim B: facility claim, trauma, patient 10301, at Own ASC                 -> case 1
 *   claim C: spine and joint replacement lines, patient 11201, Midtown           -> 1 case (joint)
 *   E&M with 2 units, patient 10001, Midtown, Dr Two                             -> 2
 *   initial evaluation, patient 90210, Uptown, Dr Own                            -> 1
 *   a line with no category, patient 10001                                       -> not counted
 * By zip: 10002 2, 10001 2, 10301 1, 11201 1, 90210 1 -> total 7.
 * 15 minutes at 50 km/h = 12.5 km: centroids of 10001 (0 km), 10002 (4.0 km), 11201 (6.3 km) are
 * inside; 10301 (15.5 km) and 90210 are outside -> inside 5, outside 2.
 * At 20 km/h (5 km): 11201 falls outside -> inside 4.
 */
const midtown = { location: "Midtown Clinic", patient_zip: "10002" };
const practice = [
  practiceLine({
    claim_id: "A",
    line: 1,
    category: "spine",
    cpt: "22630",
    ...midtown,
    rendering_npi: "1111111111",
  }),
  practiceLine({
    claim_id: "A",
    line: 2,
    category: "established_em",
    ...midtown,
    rendering_npi: "1111111111",
  }),
  practiceLine({
    source: "facility",
    claim_id: "B",
    category: "trauma",
    patient_zip: "10301",
    facility_npi: "2222222222",
    setting: "ASC",
  }),
  practiceLine({
    claim_id: "C",
    line: 1,
    category: "spine",
    location: "Midtown Clinic",
    patient_zip: "11201",
  }),
  practiceLine({
    claim_id: "C",
    line: 2,
    category: "le_joint_replacement",
    location: "Midtown Clinic",
    patient_zip: "11201",
  }),
  practiceLine({
    category: "established_em",
    units: 2,
    location: "Midtown Clinic",
    patient_zip: "10001",
    rendering_npi: "1111111112",
  }),
  practiceLine({
    category: "initial_eval",
    location: "Uptown",
    patient_zip: "90210",
    rendering_npi: "1111111111",
  }),
  practiceLine({ category: null, cpt: "0275T", patient_zip: "10001" }),
];
const at10001 = { lat: 40.7484, lon: -73.9967 };
const data = {
  practice,
  providers: [
    { npi: "1111111111", full_name: "Dr Own" },
    { npi: "1111111112", full_name: "Dr Two" },
  ],
  facilities: [
    { npi: "2222222222", name: "Own ASC", zip: "10001", ...at10001 },
    {
      npi: "2222222222",
      kind: "location" as const,
      name: "Midtown Clinic",
      facility_name: "Own ASC",
      zip: "10001",
      ...at10001,
    },
    { npi: "2222222222", kind: "location" as const, name: "Uptown", facility_name: "Own ASC", zip: "10025" },
  ],
};

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie5 Location Footprint", () => {
  test("volume by zip code, weights and the drive-area split, by hand", async () => {
    const result = await harness.run(plugin, data);
    expect(
      result.volume_by_zipcode.map(({ zipcode, volume, weight, band }) => ({
        zipcode,
        volume,
        weight,
        band,
      })),
    ).toEqual([
      { zipcode: "10001", volume: 2, weight: (2 / 7) * 100, band: 3 },
      { zipcode: "10002", volume: 2, weight: (2 / 7) * 100, band: 3 },
      { zipcode: "10301", volume: 1, weight: (1 / 7) * 100, band: 2 },
      { zipcode: "11201", volume: 1, weight: (1 / 7) * 100, band: 2 },
      { zipcode: "90210", volume: 1, weight: (1 / 7) * 100, band: 2 },
    ]);
    expect(result.volume_table).toEqual({ inside: 5, outside: 2, total: 7 });
    const slower = await harness.run(plugin, data, {}, { driveSpeedKmh: 20 });
    expect(slower.volume_table).toEqual({ inside: 4, outside: 3, total: 7 });
  });

  test("markers and 15-minute drive circles, marked as approximations", async () => {
    const result = await harness.run(plugin, data);
    expect(result.facilities_marker).toEqual([
      { npi: "2222222222", name: "Own ASC", zip: "10001", lat: 40.7484, lon: -73.9967, approximate: false },
    ]);
    expect(result.locations_marker.map((marker) => [marker.name, marker.approximate])).toEqual([
      ["Midtown Clinic", false],
      ["Uptown", true],
    ]);
    expect(result.facilities_driving_polygon).toHaveLength(3);
    expect(result.facilities_driving_polygon[0]).toMatchObject({
      minutes: 15,
      source: "circle",
      speed_kmh: 50,
      radius_km: 12.5,
      approximation: true,
    });
    expect(result.facilities_driving_polygon[0]!.polygon.type).toBe("poly");
  });

  test("with an isochrone service: its polygons, not approximations, decide inside and outside", async () => {
    // A Valhalla replay drawing a square of +-0.03 degrees around each place asked (about 3.3 km
    // north-south): the 10001 centroid is inside Own ASC's square; 10002 (40.7152, 0.0332 south),
    // 11201 and 10301 are not, nor is 10001 inside Uptown's square (10025, 40.7975) -> inside 2.
    const asked: Array<{ lat: number; lon: number }> = [];
    const server = Bun.serve({
      port: 0,
      async fetch(request) {
        const { locations } = (await request.json()) as { locations: Array<{ lat: number; lon: number }> };
        const { lat, lon } = locations[0]!;
        asked.push({ lat, lon });
        const ring = [
          [lon - 0.03, lat - 0.03],
          [lon + 0.03, lat - 0.03],
          [lon + 0.03, lat + 0.03],
          [lon - 0.03, lat + 0.03],
          [lon - 0.03, lat - 0.03],
        ];
        return Response.json({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              properties: { contour: 15, metric: "time" },
              geometry: { type: "Polygon", coordinates: [ring] },
            },
          ],
        });
      },
    });
    try {
      const settings = {
        kind: "valhalla" as const,
        url: `http://127.0.0.1:${server.port}`,
        apiKey: undefined,
        timeoutMs: 2000,
        cacheEntries: 10,
      };
      const driveAreas = new ServiceDriveAreas(isochroneService(settings), settings, { warn: () => {} });
      const result = await harness.run(plugin, data, {}, { driveAreas });
      expect(result.volume_table).toEqual({ inside: 2, outside: 5, total: 7 });
      expect(result.facilities_driving_polygon[0]).toMatchObject({
        name: "Own ASC",
        source: "valhalla",
        approximation: false,
        speed_kmh: null,
        radius_km: null,
        polygon: { type: "poly", approximation: false },
      });
      // Own ASC and Midtown share a place: asked once (the cache), Uptown at its zip centroid.
      expect(asked).toEqual([
        { lat: 40.7484, lon: -73.9967 },
        { lat: 40.7975, lon: -73.9683 },
      ]);
    } finally {
      server.stop(true);
    }
  });

  test("non-operative volumes by location and provider, surgical cases by location", async () => {
    const result = await harness.run(plugin, data);
    expect(result.non_op_msk_by_location).toEqual([
      { location: "Midtown Clinic", volume: 3, categories: { established_em: 3 } },
      { location: "Uptown", volume: 1, categories: { initial_eval: 1 } },
    ]);
    expect(result.non_op_msk_by_provider).toEqual([
      { npi: "1111111111", name: "Dr Own", volume: 2, categories: { established_em: 1, initial_eval: 1 } },
      { npi: "1111111112", name: "Dr Two", volume: 2, categories: { established_em: 2 } },
    ]);
    expect(result.volume_by_location).toEqual([
      { location: "Midtown Clinic", volume: 2 },
      { location: "Own ASC", volume: 1 },
    ]);
    expect(result.volume_by_location_by_service).toContainEqual({
      location: "Midtown Clinic",
      service_line: "le_joint_replacement",
      volume: 1,
    });
  });

  test("service lines restrict surgical cases only; a case keeps the category of its first line", async () => {
    const result = await harness.run(plugin, data, { servicelines: ["spine", "trauma"] });
    // Claim C is a joint replacement case, so it leaves with le_joint_replacement: 6 remain.
    expect(result.volume_table.total).toBe(6);
  });

  test("insights: the drive-area split, the largest zip, the busiest places, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data);
    // Inside 5 of 7, outside 2; 10001 and 10002 tie at 2 (28.57%): 10001 first, as the table lists;
    // Midtown Clinic 2 surgical cases and 3 non-operative units.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Of your practice's volume of 7, 5 comes from patients living inside your locations' 15-minute drive areas and 2 from outside them.",
      "Your largest patient zip code is 10001: 28.6% of the volume (2).",
      "Midtown Clinic performed the most surgical cases: 2.",
      "Midtown Clinic led the non-operative volume: 3.",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: no practice line, no sentence", async () => {
    const answer = await harness.answer(plugin, { ...data, practice: [] });
    expect(answer.results.volume_table.total).toBe(0);
    expect(answer.insights).toEqual([]);
  });
});
