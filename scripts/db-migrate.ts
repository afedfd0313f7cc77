/** npm run db:migrate: apply pending migrations to the configured database and exit. */
import { openDatabase } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";

const db = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.PGLITE_DIR ?? ".data/pglite",
});
try {
  const result = await applyMigrations(db.sql, await readMigrations());
  for (const name of result.applied) console.log(`applied ${name}`);
  console.log(`${result.applied.length} applied, ${result.alreadyApplied} already applied (${db.kind})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
