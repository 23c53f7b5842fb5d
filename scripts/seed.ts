// Loads the demo data into the app's database (PGlite at PGLITE_DIR, or DATABASE_URL).
// Run: npm run seed   (tsx --conditions=react-server scripts/seed.ts)
// Safe to run again: when the demo client exists it does nothing.
import { closeDb, getDb } from "@/lib/server/db/client";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./seed/demo-account";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "./seed/demo-staff";
import { seedDemo } from "./seed/seed-demo";

function shopsArg(): number | undefined {
  const i = process.argv.indexOf("--shops");
  const raw = i >= 0 ? process.argv[i + 1] : process.env.SEED_SHOPS;
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5000) throw new Error(`--shops must be an integer between 1 and 5000, got ${raw}`);
  return n;
}

async function main() {
  const started = Date.now();
  const target = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${process.env.PGLITE_DIR ?? "./.data/pglite"}`;
  const db = await getDb();
  const result = await seedDemo(db, { shops: shopsArg() });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!result.created || !result.counts) {
    console.log(`Demo data already present in ${target}, nothing to do.`);
    return;
  }
  const c = result.counts;
  console.log(
    `Demo data loaded into ${target} in ${seconds}s: ${c.barbershops} barbershops, ${c.barbers} barbers, ` +
      `${c.services} services, ${c.products} products, ${c.clients} clients, ${c.appointments} appointments, ` +
      `${c.reviews} reviews, ${c.places} places.`,
  );
  console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  console.log(
    `Demo team of /barbearia/${c.staffShop}: ${DEMO_STAFF.map((m) => `${m.email} (${m.roles.join(" + ")})`).join(", ")}, password ${DEMO_STAFF_PASSWORD}`,
  );
}

main()
  .then(async () => {
    await closeDb();
  })
  .catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exitCode = 1;
  });
