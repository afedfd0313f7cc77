/**
 * npm run bench:seed: how fast the demo seed writes transactions, next to what the database
 * itself manages for a plain INSERT ... SELECT generate_series of the same number of rows.
 * Runs on PGlite (a temporary directory) and on PostgreSQL (a temporary database on
 * BENCH_DATABASE_URL ?? TEST_DATABASE_URL ?? postgres://postgres@127.0.0.1:5432/test).
 * Everything it creates is removed afterwards.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import { createPostgresDatabase } from "../server/db/testing";
import { seedDemo } from "../prisma/seed";

const ROWS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const TODAY = "2026-11-21";
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Measurement {
  engine: string;
  what: string;
  rows: number;
  seconds: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** The raw database: one INSERT ... SELECT generate_series of minimal rows of the same table. */
async function baselineInsert(db: Database, table: string, workspaceId: string): Promise<number> {
  const [account] = await db.sql.query<{ id: string; currency_id: string }>(
    "SELECT id, currency_id FROM accounts WHERE workspace_id = $1 ORDER BY id LIMIT 1",
    [workspaceId],
  );
  if (!account) throw new Error("the seeded workspace has no account");
  return timed(() =>
    db.sql.query(
      `INSERT INTO ${table} (id, workspace_id, account_id, currency_id, type, date, amount, description, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, 'expense', DATE '2024-12-01' + (g % 720),
              -((g % 10000) + 1) / 100.0, 'Bench row ' || (g % 50), now(), now()
         FROM generate_series(1, $4::int) AS g`,
      [workspaceId, account.id, account.currency_id, ROWS],
    ),
  );
}

async function measure(engine: string, db: Database): Promise<Measurement[]> {
  await applyMigrations(db.sql, await readMigrations());
  const summary = await seedDemo(db, { transactions: ROWS, today: TODAY });
  // A copy of the table without foreign keys: indexes and defaults only.
  await db.sql.exec("CREATE TABLE bench_baseline (LIKE transactions INCLUDING ALL)");
  const withoutForeignKeys = await baselineInsert(db, "bench_baseline", summary.workspaceId);
  await db.sql.exec("DROP TABLE bench_baseline");
  const intoTransactions = await baselineInsert(db, "transactions", summary.workspaceId);
  return [
    {
      engine,
      what: "seedDemo: transaction batches (unnest, 5,000 rows each)",
      rows: ROWS,
      seconds: summary.transactionsMs / 1000,
    },
    { engine, what: "seedDemo: whole seed (user, FX, planning, transactions)", rows: ROWS, seconds: summary.ms / 1000 },
    {
      engine,
      what: "baseline: INSERT ... SELECT generate_series into transactions",
      rows: ROWS,
      seconds: intoTransactions,
    },
    { engine, what: "baseline: same, into a copy without foreign keys", rows: ROWS, seconds: withoutForeignKeys },
  ];
}

async function benchPglite(): Promise<Measurement[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "pfa-bench-pglite-"));
  try {
    const db = await openDatabase({ pgliteDir: dir });
    try {
      return await measure("PGlite", db);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

async function benchPostgres(): Promise<Measurement[]> {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  try {
    database = await createPostgresDatabase(POSTGRES_URL);
  } catch (error) {
    console.log(`PostgreSQL at ${redact(POSTGRES_URL)} is unreachable (${(error as Error).message}); skipped.`);
    return [];
  }
  try {
    const db = await openDatabase({ url: database.url });
    try {
      return await measure("PostgreSQL", db);
    } finally {
      await db.close();
    }
  } finally {
    await database.drop();
  }
}

function print(measurements: Measurement[]): void {
  const rows = measurements.map((m) => [
    m.engine,
    m.what,
    m.rows.toLocaleString("en-US"),
    m.seconds.toFixed(2),
    Math.round(m.rows / m.seconds).toLocaleString("en-US"),
  ]);
  const header = ["engine", "what", "rows", "seconds", "rows/s"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column >= 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error(`BENCH_TRANSACTIONS must be a positive integer, got ${ROWS}`);
console.log(`Seeding ${ROWS.toLocaleString("en-US")} demo transactions per engine (history ending ${TODAY})...`);
const results = [...(await benchPglite()), ...(await benchPostgres())];
print(results);
