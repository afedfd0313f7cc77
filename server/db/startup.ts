import { DEMO_EMAIL, ensureCurrencies, seedDemo, type DemoSummary, type SeedDemoOptions } from "../../prisma/seed";
import type { Database, SqlExecutor } from "./client";
import { applyMigrations, readMigrations } from "./migrate";

export interface PrepareOptions {
  seedOnEmpty: boolean;
  log?: (message: string) => void;
}

export interface PreparedDatabase {
  appliedMigrations: string[];
  seeded: boolean;
}

/** The advisory lock every instance's first-start work (reference data, the demo) runs under; not the migrations' key. */
const STARTUP_LOCK_KEY = 7_242_002;
const DEMO_SEED_STATE = "demo_seed";

/**
 * Brings a database up to date: pending migrations (under their own lock), then, under the start-up
 * lock, reference data and the demo when the database is empty. Several instances starting at once
 * on one PostgreSQL take turns: the first seeds, the others find the work done and skip it. The
 * demo seed writes through several connections, so it is not one transaction; it ends by marking
 * itself finished, and a start that finds a demo user without the mark (an instance killed
 * mid-seed) seeds it again from scratch (seedDemo removes the old demo first).
 */
export async function prepareDatabase(
  db: Database,
  { seedOnEmpty, log = () => undefined }: PrepareOptions,
): Promise<PreparedDatabase> {
  const migrations = await applyMigrations(db.sql, await readMigrations());
  for (const name of migrations.applied) log(`applied migration ${name}`);
  const seeded = await underStartupLock(db, async (lock) => {
    await ensureCurrencies(db);
    const needed = seedOnEmpty ? await demoSeedNeeded(db) : null;
    if (needed === null) return false;
    log(
      needed === "empty"
        ? "empty database: seeding the demo workspace (demo@example.com)"
        : "the demo seed of an earlier start did not finish: seeding the demo workspace again",
    );
    await seedMarked(db, lock, { log });
    return true;
  });
  return { appliedMigrations: migrations.applied, seeded };
}

/**
 * `npm run db:seed`: the demo replaced under the start-up lock, with the finished mark, so a
 * starting instance neither seeds beside it nor takes the new demo for an unfinished one.
 */
export function reseedDemo(db: Database, options: SeedDemoOptions = {}): Promise<DemoSummary> {
  return underStartupLock(db, (lock) => seedMarked(db, lock, options));
}

/** Seeds the demo between taking the finished mark away and putting it back (through the lock's transaction, when there is one). */
async function seedMarked(db: Database, lock: SqlExecutor | null, options: SeedDemoOptions): Promise<DemoSummary> {
  await db.sql.query("DELETE FROM service_state WHERE key = $1", [DEMO_SEED_STATE]);
  const summary = await seedDemo(db, options);
  await (lock ?? db.sql).query(
    `INSERT INTO service_state (key, value, updated_at) VALUES ($1, 'finished', now())
     ON CONFLICT (key) DO UPDATE SET value = 'finished', updated_at = now()`,
    [DEMO_SEED_STATE],
  );
  return summary;
}

/** "empty": no user at all; "unfinished": the demo user without the finished mark; null: nothing to do. */
async function demoSeedNeeded(db: Database): Promise<"empty" | "unfinished" | null> {
  const [row] = await db.sql.query<{ users: number; demo: boolean; finished: boolean }>(
    `SELECT (SELECT count(*)::int FROM users) AS users,
            EXISTS (SELECT 1 FROM users WHERE email = $1) AS demo,
            EXISTS (SELECT 1 FROM service_state WHERE key = $2 AND value = 'finished') AS finished`,
    [DEMO_EMAIL, DEMO_SEED_STATE],
  );
  if (!row || row.users === 0) return "empty";
  return row.demo && !row.finished ? "unfinished" : null;
}

/**
 * Runs `work` while this instance holds the start-up lock: a transaction on one connection of the
 * pool holds it (and lets it go if the process dies), while `work` uses the others; `work` gets
 * that transaction, to write what must only count while the lock still holds. PGlite has one
 * connection and one process (PGLITE_DIR is locked): no lock is needed there.
 */
async function underStartupLock<T>(db: Database, work: (lock: SqlExecutor | null) => Promise<T>): Promise<T> {
  if (db.kind === "pglite") return work(null);
  return db.sql.transaction(async (tx) => {
    // Idle while the seed runs on other connections: a server's idle-in-transaction limit must not end it.
    await tx.query("SET LOCAL idle_in_transaction_session_timeout = 0");
    await tx.query("SET LOCAL statement_timeout = 0");
    await tx.query("SELECT pg_advisory_xact_lock($1)", [STARTUP_LOCK_KEY]);
    return work(tx);
  });
}
