import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import enCommon from "@/locales/en/common.json";
import enErrors from "@/locales/en/errors.json";
import { CATEGORIES } from "@/lib/contract/search-constants";
import { SHARED_KEYS, pickKeys } from "./words";

const dir = __dirname;
const sources = readdirSync(dir)
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => readFileSync(path.join(dir, f), "utf8"));

it("sends the booking flow every text of common and errors it asks for", () => {
  const asked = new Set(sources.flatMap((src) => [...src.matchAll(/["'`](common|errors):([\w.]+)["'`]/g)].map((m) => `${m[1]}:${m[2]}`)));
  expect(asked.size).toBeGreaterThan(0);
  for (const key of asked) {
    const [ns, rest] = key.split(":");
    expect(SHARED_KEYS[ns] ?? []).toContain(rest);
  }
});

it("picks those texts out of the catalogues, nested as there, and nothing else", () => {
  expect(pickKeys(enCommon, SHARED_KEYS.common)).toEqual({ success: { appointmentCreated: enCommon.success.appointmentCreated } });
  expect(pickKeys(enErrors, SHARED_KEYS.errors)).toEqual({
    CREATE_APPOINTMENT_ERROR: enErrors.CREATE_APPOINTMENT_ERROR,
    LOAD_SCHEDULES_ERROR: enErrors.LOAD_SCHEDULES_ERROR,
  });
  expect(pickKeys(enErrors, ["NO_SUCH_KEY"])).toEqual({});
});

it("sends every category's name the services step may ask for (search:category.<category>)", () => {
  expect([...SHARED_KEYS.search].sort()).toEqual(CATEGORIES.map((c) => `category.${c}`).sort());
});
