/**
 * What autovacuum does on a PostgreSQL server, for the embedded database. PGlite is one backend
 * with no autovacuum launcher, so nothing ever analyses or vacuums its tables: every table keeps
 * the planner's defaults of a table never read (pg_class.reltuples -1), and dead row versions stay
 * until a VACUUM. After 100k imported rows the learner's training query took 2.5-2.8 s instead of
 * 50 ms (a nested loop over a transactions table the planner thought held 196 rows).
 *
 * A table is analysed when it has grown by more than a fifth (and 8 pages) since its statistics
 * were taken: pg_class.relpages is what the last VACUUM or ANALYZE saw, the relation's size is
 * now. PGlite's pg_stat_user_tables counters (n_mod_since_analyze, n_dead_tup), which autovacuum
 * reads, stay 0 in its single-user mode, so the size is the signal; updates grow a table too (each
 * writes a new row version), deletes alone do not, and a VACUUM makes the space of dead versions
 * reusable, so a table stops growing once its churn is vacuumed.
 *
 * Called after writes of many rows (an import booked, rules applied to history; ANALYZE only,
 * 0.1-0.3 s for 100k rows) and by the hourly maintenance (VACUUM (ANALYZE), about 1.4 s for 100k
 * rows on PGlite). A server that is not embedded has autovacuum: nothing is done there.
 */
import { logger } from "../logger";
import type { Database, Db } from "./client";

/** A table is analysed again when it holds more than this share of pages beyond what its statistics saw. */
const GROWTH = 1.2;
/** ...and at least this many pages more (8 KiB each): small tables are not analysed after every write. */
const SLACK_PAGES = 8;

const isEmbedded = (db: Db): boolean => (db as Partial<Database>).kind === "pglite";

/**
 * On PGlite, ANALYZE (or, with `vacuum`, VACUUM (ANALYZE)) every table of the schema grown past its
 * statistics; returns their names. Elsewhere, nothing. Runs outside a transaction (VACUUM must).
 */
export async function refreshEmbeddedStatistics(db: Db, { vacuum = false } = {}): Promise<string[]> {
  if (!isEmbedded(db)) return [];
  const grown = await db.sql.query<{ name: string }>(
    `SELECT quote_ident(c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
        AND pg_relation_size(c.oid) / current_setting('block_size')::int > $1::float8 * greatest(c.relpages, 0) + $2::int
      ORDER BY c.relname`,
    [GROWTH, SLACK_PAGES],
  );
  for (const { name } of grown) await db.sql.exec(`${vacuum ? "VACUUM (ANALYZE)" : "ANALYZE"} ${name}`);
  return grown.map(({ name }) => name);
}

/** refreshEmbeddedStatistics after a job's writes: a failure is logged, never the job's. */
export async function refreshStatisticsAfterWrites(db: Db, after: string): Promise<void> {
  try {
    const tables = await refreshEmbeddedStatistics(db);
    if (tables.length > 0) logger.info({ tables, after }, "embedded database statistics refreshed");
  } catch (error) {
    logger.warn({ err: error, after }, "embedded database statistics not refreshed; the hourly maintenance does it");
  }
}
