/**
 * The document's tags: every tag a route's describe() names, with a sentence on what it groups
 * (tests/api/apiDocument.test.ts fails for a tag used and not defined here). In the order the
 * reference page lists them: the customer area, the back office, then the services around them.
 */
export const TAGS = [
  { name: "Sign-in", description: "Signing in and out: the customer's e-mailed link, staff's password." },
  { name: "Customer: account", description: "The signed-in customer: session, own profile, agreement." },
  { name: "Customer: users", description: "The Users table of an organisation (its admins, and staff)." },
  {
    name: "Customer: practice profile",
    description: "Facilities, their locations and the providers of a practice (customer-area.md).",
  },
  { name: "Analyses", description: "The analyses (querie1...): manifest, runs, exports, usage." },
  {
    name: "Analyses: saved",
    description: "Saved analyses of a user and those shared with the organisation.",
  },
  { name: "Uploads", description: "Practice and advisory-board data files, and the rows set aside." },
  { name: "Back office: account", description: "The signed-in staff member and an organisation's profile." },
  { name: "Back office: customers", description: "Organisations: list, create, change, delete." },
  { name: "Back office: years", description: "An organisation's data years: add, enable, lock, versions." },
  { name: "Back office: service areas", description: "The zip codes of each service area of a year." },
  { name: "Back office: parameters", description: "Staff accounts (agents) managed by site admins." },
  { name: "Back office: mailbox", description: "E-mails from staff to the users of organisations." },
  { name: "Back office: schemes", description: "Validation and scoring runs of a year's data." },
  { name: "Schemes: questionnaire", description: "The yearly questionnaire: answered, submitted, reviewed." },
  { name: "Schemes: scoring", description: "The scores of an organisation and the scoring scheme." },
  {
    name: "Schemes: capabilities",
    description: "The runs of schemes that generate data, and their results.",
  },
  {
    name: "Customer: report subscriptions",
    description: "Analyses and saved views mailed as PDF on a schedule: the user's own subscriptions.",
  },
  {
    name: "Back office: report subscriptions",
    description: "A customer's report subscriptions, read by staff and paused by site admins.",
  },
  {
    name: "Report subscriptions: unsubscribe",
    description: "The signed one-click link of a mailed report: works without signing in.",
  },
  {
    name: "Customer: audit trail",
    description: "Every write in the organisation, read by its admins (docs/operations.md).",
  },
  {
    name: "Back office: audit trail",
    description: "Every write in an organisation, read by site admins, with filters and CSV.",
  },
  { name: "Help centre", description: "Frequently asked questions: read by customers, written by staff." },
  { name: "Site settings", description: "The site's name, colours, texts and logo." },
  { name: "Notifications", description: "The signed-in user's notifications." },
  { name: "Pictures", description: "Profile pictures and logos, served to signed-in users." },
  { name: "Services: locations", description: "States, counties and their checks for the address forms." },
  { name: "Services: NPI registry", description: "Look-ups of organisations and providers by NPI." },
  { name: "Services: geography", description: "Map shapes of zip codes and areas." },
  { name: "Service", description: "The server's health, for monitors and load balancers." },
  { name: "API description", description: "This document and its readable page." },
] as const;
