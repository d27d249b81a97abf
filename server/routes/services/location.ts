/**
 * The locale look-ups of the profile forms, from the shipped zip reference (server/geo/localities.ts):
 * - POST /api/services/location/check-location/ `{city_state, zipcode}` -> `{status: 200, state}`:
 *   whether the zip is one of the city's (the form clears both when it is not);
 * - POST /api/services/location/autocomplete/ `{query}` -> `{data: [["City, ST", "City, ST"], ...]}`;
 * - POST /api/services/location/zipcodes/ `{query, other: "City, ST"}` -> `{data: [["46204", "46204"], ...]}`.
 * Autocomplete: case-insensitive prefix, sorted, at most 20.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { citiesStartingWith, zipBelongsToCity, zipsOfCity } from "../../geo/localities.ts";
import { choicesAnswer, zipInCityAnswer } from "../../http/answers/services.ts";
import { readJson } from "../../http/body.ts";
import {
  checkLocationBodyExample,
  citiesBodyExample,
  zipsOfCityBodyExample,
} from "../../http/examples/requestBodies.ts";
import { choicesExample, zipInCityExample } from "../../http/examples/services.ts";
import { describe } from "../../http/openapi/declare.ts";
import { requireSignedIn } from "./signedIn.ts";

export const checkBody = z.strictObject({
  city_state: z.string({ error: "must be a 'City, ST'" }).max(200, "is too long"),
  zipcode: z.string({ error: "must be a zip code" }).max(20, "is too long"),
});

export const autocompleteBody = z.strictObject({
  query: z.string({ error: "must be the text typed so far" }).max(200, "is too long"),
  other: z.string({ error: "must be the other field's value" }).max(200, "is too long").optional(),
});

const pairs = (values: string[]) => values.map((value) => [value, value] as const);

export const locationServiceRoutes = new Hono<AppEnv>()
  .use(requireSignedIn())
  .post(
    "/check-location",
    describe({
      summary: "Does this zip belong to this city and state?",
      tags: ["Services: locations"],
      body: checkBody,
      bodyExample: checkLocationBodyExample,
      answer: {
        description: "Whether the zip code belongs to the city.",
        schema: zipInCityAnswer,
        example: zipInCityExample,
      },
    }),
    async (c) => {
      const { city_state, zipcode } = await readJson(c, checkBody);
      return c.json({ status: 200, state: zipBelongsToCity(zipcode, city_state) });
    },
  )
  .post(
    "/autocomplete",
    describe({
      summary: "Cities and states starting with the text typed.",
      tags: ["Services: locations"],
      body: autocompleteBody,
      bodyExample: citiesBodyExample,
      answer: {
        description: "The cities starting with the text, as [value, label] pairs.",
        schema: choicesAnswer,
        example: choicesExample,
      },
    }),
    async (c) => {
      const { query } = await readJson(c, autocompleteBody);
      return c.json({ status: 200, data: pairs(citiesStartingWith(query)) });
    },
  )
  .post(
    "/zipcodes",
    describe({
      summary: "Zips of a city (`other`) starting with the text typed.",
      tags: ["Services: locations"],
      body: autocompleteBody,
      bodyExample: zipsOfCityBodyExample,
      answer: {
        description: "The city's zip codes starting with the text, as [value, label] pairs.",
        schema: choicesAnswer,
        example: choicesExample,
      },
    }),
    async (c) => {
      const { query, other } = await readJson(c, autocompleteBody);
      return c.json({ status: 200, data: pairs(zipsOfCity(other ?? "", query)) });
    },
  );
