/**
 * Examples of the API document: look-ups, maps, the site's texts, the help centre, the mailbox and
 * the non-JSON answers (CSV, HTML, images). Checked against the routes' answer schemas by
 * tests/api/apiDocument.test.ts.
 */
import { ORGANISATION_ID, USER_ID } from "./people.ts";

export const organisationLookupExample = {
  status: 200 as const,
  data: {
    npi: "1234567893",
    name: "RIVERSIDE SURGERY CENTER",
    address: "120 RIVER RD",
    city_state: "SPRINGFIELD, IL",
    zipcode: "62701",
    phone: "217-555-0100",
  },
};

export const individualLookupExample = {
  status: 200 as const,
  data: {
    npi: "1497758544",
    first_name: "MORGAN",
    last_name: "LEE",
    middle_name: "",
    suffix: "MD",
    address1: "120 RIVER RD",
    address2: "",
    city: "SPRINGFIELD",
    zipcode: "62701",
    phone: "217-555-0142",
    fax: "",
    category: "Physician",
    ptype: "Orthopaedic Surgery",
    speciality: ["Sports Medicine"],
  },
};

export const zipInCityExample = { status: 200 as const, state: true };
export const choicesExample = {
  status: 200 as const,
  data: [
    ["62701", "62701 Springfield, IL"],
    ["62702", "62702 Springfield, IL"],
  ] as [string, string][],
};

export const baseMapExample = {
  status: 200 as const,
  tiles: { url: "https://tiles.example.com/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
};

/** A TopoJSON topology, cut to one state and one county for the example. */
export const outlinesExample = {
  type: "Topology" as const,
  transform: { scale: [0.0001, 0.0001] as [number, number], translate: [-91.5, 36.9] as [number, number] },
  objects: {
    states: { type: "GeometryCollection" as const, geometries: [{ type: "Polygon", arcs: [[0]], id: "17" }] },
    counties: {
      type: "GeometryCollection" as const,
      geometries: [{ type: "Polygon", arcs: [[1]], id: "17167" }],
    },
  },
  arcs: [
    [
      [0, 0],
      [120, 40],
      [-120, -40],
    ],
    [
      [10, 10],
      [5, 2],
      [-5, -2],
    ],
  ],
};

export const siteSettingsExample = {
  status: 200 as const,
  contents: {
    aboutText: "<p>Vitality shows a practice where it stands in its market.</p>",
    licenceText: "<p>Licensed to the organisation's users.</p>",
    copyrightText: "© 2026 Vitality",
  },
  queries: { scoring: { title: "Vitality Score", description: "Where the practice stands, out of 20." } },
};

export const faqsExample = {
  status: 200 as const,
  faqs: [
    {
      id: 1,
      question: "How do I upload a year?",
      answer: "<p>Open <strong>Data upload</strong> in the practice profile.</p>",
      promote: true,
      active: true,
    },
  ],
};

export const orgUsersExample = {
  status: 200 as const,
  org_users: [
    {
      id: ORGANISATION_ID,
      name: "Riverside Orthopaedics",
      users: [{ id: USER_ID, email: "dana.reyes@example.com", username: "Dana Reyes" }],
    },
  ],
};

export const mailSentExample = { status: 200 as const, message: "The e-mail was sent to 12 recipients." };

export const CSV_EXAMPLE = "year,zipcode,cases\n2024,62701,412\n2024,62704,118\n";
export const HTML_EXAMPLE =
  '<!doctype html><html lang="en"><head><title>Vitality</title></head><body>…</body></html>';
/** An image is bytes; the document shows what a client receives as text: nothing readable. */
export const IMAGE_EXAMPLE = "(binary WebP image)";
