import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase, type Database, type Db } from "./client";
import { applyMigrations, readMigrations } from "./migrate";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

/** A database opened by createTestDatabase (tests take theirs from useTestDatabase, server/testing/fixtures.ts). */
export interface OpenedTestDatabase {
  db: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply prisma/migrations (default true). */
  migrate?: boolean;
  /** Default: "postgres" when TEST_DATABASE_URL is set, else "pglite" (in memory). */
  engine?: "pglite" | "postgres";
}

/**
 * A fresh, isolated database for one test file: PGlite in memory, or a new database
 * `pfa_t_<random>` on the PostgreSQL server at TEST_DATABASE_URL, dropped by `destroy`.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<OpenedTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
  const engine = options.engine ?? (serverUrl ? "postgres" : "pglite");
  if (engine === "postgres" && !serverUrl)
    throw new Error("TEST_DATABASE_URL (postgres://...) is needed for a PostgreSQL test database");
  const migrate = options.migrate ?? true;
  // The migrated template the run's global set-up made (server/db/test-template.ts), when there is one.
  const postgresTemplate = migrate ? process.env[POSTGRES_TEMPLATE_ENV] || undefined : undefined;
  const created =
    engine === "postgres" && serverUrl ? await createPostgresDatabase(serverUrl, postgresTemplate) : undefined;
  const pgliteStart = created ? undefined : pgliteTemplate(migrate ? PGLITE_TEMPLATE_ENV : PGLITE_EMPTY_TEMPLATE_ENV);
  const migrated = created ? Boolean(postgresTemplate) : Boolean(pgliteStart && migrate);
  const db = await openDatabase(
    created ? { url: created.url, poolSize: 4 } : { pgliteDir: "memory://", pgliteTemplate: pgliteStart },
  );
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    await db.close();
    await created?.drop();
  };
  try {
    if (migrate && !migrated) await migrateTestDatabase(db);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { db, destroy };
}

/** Applies prisma/migrations to a test database. */
export async function migrateTestDatabase(db: Db): Promise<void> {
  await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
}

/** The environment variable naming the migrated PGlite template (a dump file) of this test run. */
export const PGLITE_TEMPLATE_ENV = "PFA_TEST_PGLITE_TEMPLATE";
/** The same for a database without migrations, for the tests of migrating. */
export const PGLITE_EMPTY_TEMPLATE_ENV = "PFA_TEST_PGLITE_EMPTY_TEMPLATE";
/** The environment variable naming the migrated PostgreSQL template database of this test run. */
export const POSTGRES_TEMPLATE_ENV = "PFA_TEST_POSTGRES_TEMPLATE";

function pgliteTemplate(variable: string): Blob | undefined {
  const file = process.env[variable];
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Creates a database named pfa_t_<random> next to the one in serverUrl, a copy of `template` when
 * one is named (PostgreSQL copies a migrated database far faster than the migrations replay).
 */
export async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
  prefix = "pfa_t_",
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  const from = template ? ` TEMPLATE "${template}"` : "";
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"${from}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
