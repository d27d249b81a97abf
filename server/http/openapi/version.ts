/**
 * The API's version: the document's `info.version`, raised with each entry of
 * docs/api-changelog.md (tests/api/apiChangelog.test.ts holds the two together). Major: a change a
 * client must follow (a field or call removed or renamed, after its Sunset date); minor: something
 * added; patch: words only.
 */
export const API_VERSION = "1.12.0";
