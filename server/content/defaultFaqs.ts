/**
 * The Help Center's questions a fresh installation starts with (published: active, not promoted),
 * written from the product's behaviour (shared/spec/*.md, docs/year-lifecycle.md,
 * server/reports/README.md, queries/querie11/README.md). Staff edit, deactivate or delete them in
 * Helpcenter like any other; server/bootstrap/helpCentre.ts adds them once, at the first start.
 * Answers are plain text: the Help Center keeps their line breaks.
 */
export const defaultFaqs: { question: string; answer: string }[] = [
  {
    question: "How do I upload a year's data?",
    answer: [
      "Open Practice profile, then Data upload. Drop your files on the box or click it to choose them: the year's professional fees, facility fees and payor classification, as CSV, XLSX or Parquet files, or one ZIP holding them.",
      "Your files are read first and nothing is loaded yet: the years they hold are listed with their number of lines, all ticked. Untick a year you do not want to change, then press Send (or Cancel).",
      "A year our team asks for is shown under 'Data requested'; the oldest year is the reference year the others are compared with. A refused file shows its report line by line, so you can correct it and send it again.",
    ].join("\n\n"),
  },
  {
    question: "When can I read my analyses?",
    answer: [
      "After each upload our team reviews the year: your facilities and providers are checked against the data, then the market profile is prepared and you fill in the questionnaire. The Practice profile shows each year as 'Being analysed by our team' meanwhile.",
      "When the review is complete our team opens the year: it reads 'Analyses open' and the analyses and the Vitality Score become available in the navigation.",
    ].join("\n\n"),
  },
  {
    question: "What does 'out of date' mean?",
    answer: [
      "A result is out of date when something it was computed from has changed since: a new data file for the year, a change to your facilities, locations or providers, a change of service area or new market data. Our team then runs the checks and calculations again; nothing is marked by hand.",
      "If you send new data for a year you can already read, you keep reading the version our team reviewed (the analysis says so) until the new data has been reviewed and the year is opened again.",
    ].join("\n\n"),
  },
  {
    question: "What do the Competitive Comparison and Partnership Strength figures mean?",
    answer: [
      "Every analysis counts the market's surgical cases of the year whose patients live in your service area (the primary service area, PSA, unless you choose others in Filters) and in the service lines you choose.",
      "Sx Market Share: each competitor facility's and provider's cases and share of those cases, beside your own share.",
      "Referral Targets: for each referring provider outside your practice, the cases they send to you and to competitors; the first table lists those sending most to competitors.",
      "Facility Partnerships: where your surgeons operate, by facility, and which providers operate at your facilities.",
      "Leakage: cases referred by your own providers but performed by a competitor, per service line, with the competitors who received them.",
    ].join("\n\n"),
  },
  {
    question: "What do the Market Alignment figures mean?",
    answer: [
      "Subspecialty Mix: each service line's share of your cases next to its share of the market's; a difference of more than 10 points is highlighted.",
      "Location Footprint: where your patients live, by zip code, and how many of your cases come from zip codes within a 15-minute drive of your locations.",
      "Site of Care: how your cases and your competitors' are split between inpatient, outpatient, ambulatory surgery centre and office, per service line and overall.",
    ].join("\n\n"),
  },
  {
    question: "What do the Service Strength figures mean?",
    answer: [
      "Revenue by Service: what your practice was paid (its own claims), by group of services and by service.",
      "Outmigration: the share of the cases of patients living in your service area that were performed at a facility outside it, per service line and per zip code.",
      "Service Maturity: how each service line changed since the reference year (your oldest year): volume, market share, share done in an ambulatory surgery centre, number of your providers and of referrers. It needs two years of data.",
      "Growth Opportunities: what leakage and outmigration are worth in dollars, how demand changes in five years, and what a recapture or a move to the ambulatory surgery centre would add. Its dollars are priced at the market's average paid per case, so they differ from your own revenue in Revenue by Service.",
    ].join("\n\n"),
  },
  {
    question: "How do report subscriptions work?",
    answer: [
      "Press Subscribe on any analysis or saved view to have it mailed as a PDF (with a spreadsheet if you wish), weekly or monthly, on the day and at the hour you choose, to yourself and colleagues of your organisation.",
      "A subscription can follow the latest year, so the report moves on when a new year opens. Your Profile lists your subscriptions with their next and last delivery: pause, resume, change, send now or delete them there. Every mail has a link to unsubscribe.",
      "A report is not sent when its year is no longer open or its saved view was deleted; a blocked or removed colleague is left out and the others still receive it. The Profile says why.",
    ].join("\n\n"),
  },
];
