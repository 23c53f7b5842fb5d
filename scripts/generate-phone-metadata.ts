// Writes lib/contract/phone-metadata-br.json: libphonenumber-js's full ("max") metadata for Brazil only.
// The full set validates each number against the real numbering plan (e.g. a mobile starts with 9) but
// weighs 39 KB gzip for every country; Brazil's slice is under 1 KB, so forms can ship it.
// Run after updating libphonenumber-js: npx tsx scripts/generate-phone-metadata.ts
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const full = JSON.parse(readFileSync(require.resolve("libphonenumber-js/metadata.max.json"), "utf8"));
const brazil = { version: full.version, country_calling_codes: { "55": ["BR"] }, countries: { BR: full.countries.BR }, nonGeographic: {} };
writeFileSync(new URL("../lib/contract/phone-metadata-br.json", import.meta.url), `${JSON.stringify(brazil)}\n`);
