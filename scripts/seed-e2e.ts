// The journeys' database, in one process (scripts/e2e-server.sh): the demo data, then the test-only shops of
// e2e/hostile-input.spec.ts (scripts/seed/hostile.ts) and of e2e/team.spec.ts (scripts/seed/e2e-team.ts).
import { closeDb, getDb } from "@/lib/server/db/client";
import { seedDemo } from "./seed/seed-demo";
import { seedE2eTeam } from "./seed/e2e-team";
import { seedHostile } from "./seed/hostile";

async function main() {
  const started = Date.now();
  const db = await getDb();
  const demo = await seedDemo(db, {});
  await seedHostile(db);
  await seedE2eTeam(db);
  console.log(`Journeys' data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${demo.created ? "demo data created" : "demo data already there"})`);
}

main()
  .then(() => closeDb())
  .catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exitCode = 1;
  });
