import pg from "pg";
import { inject } from "vitest";

/**
 * PostgreSQL itself, for the HTTP tests that use it: databases of their own on the suite's server,
 * or the shared server's database read and changed behind its back. A test file whose imports reach
 * this module runs in the HTTP suite's PostgreSQL pass too (vitest.http.config.ts); the others go
 * through the API only, and run on PGlite.
 */

export { createPostgresDatabase } from "../../server/db/testing";

/** The suite's PostgreSQL server (TEST_DATABASE_URL); undefined on a run on PGlite only. */
export const postgres = process.env.TEST_DATABASE_URL || undefined;

/**
 * The shared server's database on a PostgreSQL run; "" on PGlite, whose database lives inside the
 * server's process.
 */
export const sharedServerDatabase = (): string => inject("databaseUrl");

/** One statement on the database at `url`, on a connection of its own. */
export async function query<Row = any>(url: string, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}
