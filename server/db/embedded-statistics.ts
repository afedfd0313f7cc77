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
 * reads, stay 0 in its single-user mode, so the size is the signal.
 *
 * After writes of many rows (an import booked, rules applied to history) the grown tables are
 * analysed (ANALYZE samples at most 30,000 rows: 0.3-0.4 s for a table of 120k). The hourly
 * maintenance also vacuums every table of more than 8 pages (TOAST included), grown or not: the
 * ANALYZE after a job has already taken the growth away, and an update's old row versions stay
 * until a VACUUM makes their space reusable. The visibility map lets VACUUM skip the pages nothing
 * changed on (a table of 120k rows: 2-20 ms unchanged, 170 ms after every row was updated; the
 * transactions table's indexes, trigram ones among them, make it about a second per 100k changed
 * rows). Each statement holds the embedded database's one connection while it runs; tables are
 * taken one at a time, so requests waiting run between them. A server that is not embedded has
 * autovacuum: nothing is done there.
 */
import { logger } from "../logger";
import type { Database, Db } from "./client";

/** A table is analysed again when it holds more than this share of pages beyond what its statistics saw. */
const GROWTH = 1.2;
/** ...and at least this many pages more (8 KiB each): small tables are not analysed after every write. */
const SLACK_PAGES = 8;

const isEmbedded = (db: Db): boolean => (db as Partial<Database>).kind === "pglite";

/**
 * On PGlite, ANALYZE every table of the schema grown past its statistics, and with `vacuum` VACUUM
 * every table of more than a few pages as well (VACUUM (ANALYZE) the grown ones); returns the names
 * of the tables worked on. Elsewhere, nothing. Runs outside a transaction (VACUUM must).
 */
export async function refreshEmbeddedStatistics(db: Db, { vacuum = false } = {}): Promise<string[]> {
  if (!isEmbedded(db)) return [];
  const tables = await db.sql.query<{ name: string; grown: boolean }>(
    `SELECT quote_ident(c.relname) AS name,
            pg_relation_size(c.oid) / current_setting('block_size')::int > $1::float8 * greatest(c.relpages, 0) + $2::int AS grown
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
        AND pg_table_size(c.oid) / current_setting('block_size')::int > $2::int
      ORDER BY c.relname`,
    [GROWTH, SLACK_PAGES],
  );
  const worked: string[] = [];
  for (const { name, grown } of tables) {
    if (grown) await db.sql.exec(`${vacuum ? "VACUUM (ANALYZE)" : "ANALYZE"} ${name}`);
    else if (vacuum) await db.sql.exec(`VACUUM ${name}`);
    else continue;
    worked.push(name);
  }
  return worked;
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
