/**
 * A benchmark's database: a temporary PostgreSQL database on BENCH_DATABASE_URL ?? TEST_DATABASE_URL
 * ?? the local server (dropped afterwards, also on failure and Ctrl-C), or an in-memory PGlite.
 */
import { openDatabase, type Database } from "../server/db/client";
import { createPostgresDatabase } from "../server/db/testing";
import { onCleanup } from "./cleanup";

const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * A temporary database on the benchmarks' PostgreSQL server, dropped at clean-up; `hint` ends the
 * error when the server cannot be reached (what the caller can do instead).
 */
export async function temporaryPostgres(hint: string): Promise<{ name: string; url: string }> {
  const database = await createPostgresDatabase(POSTGRES_URL).catch((error: Error) => {
    throw new Error(`PostgreSQL at ${redact(POSTGRES_URL)} is unreachable: ${error.message} (${hint})`);
  });
  onCleanup(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL: temporary database ${database.name} on ${redact(POSTGRES_URL)}`);
  return database;
}

export async function openBenchDatabase(engine: "postgres" | "pglite"): Promise<Database> {
  if (engine === "pglite") {
    const db = await openDatabase({ pgliteDir: "memory://" });
    onCleanup("close PGlite", () => db.close());
    return db;
  }
  const database = await temporaryPostgres("set BENCH_DATABASE_URL, or use --engine pglite");
  const db = await openDatabase({ url: database.url, poolSize: 4 });
  onCleanup("close the pool", () => db.close());
  return db;
}
