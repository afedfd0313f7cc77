import { existsSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dumpPglite, openDatabase } from "./client";
import {
  createPostgresDatabase,
  migrateTestDatabase,
  withAdminClient,
  PGLITE_EMPTY_TEMPLATE_ENV,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
} from "./testing";

/**
 * Vitest global set-up: migrates one database once per run, so each test file's database starts
 * as a copy of it instead of replaying every migration. PGlite: the data directory is dumped to a
 * file and loaded per file (about 1.1 s against 4 s for initdb and the migrations). PostgreSQL (TEST_DATABASE_URL): a template
 * database, copied per file with CREATE DATABASE ... TEMPLATE and dropped at the end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  return serverUrl ? postgresTemplate(serverUrl) : pgliteTemplate();
}

async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const template = await createPostgresDatabase(serverUrl, undefined, "pfa_tpl_");
  try {
    const db = await openDatabase({ url: template.url, poolSize: 1 });
    try {
      await migrateTestDatabase(db);
    } finally {
      // A template must have no open connection while it is copied.
      await db.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  // Marked as a template that takes no connections: a stray session (psql, a monitor) cannot
  // block the copies ("source database is being accessed by other users").
  await withAdminClient(serverUrl, (client) =>
    client.query(`ALTER DATABASE "${template.name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
  process.env[POSTGRES_TEMPLATE_ENV] = template.name;
  return async () => {
    await withAdminClient(serverUrl, (client) =>
      client.query(`ALTER DATABASE "${template.name}" WITH IS_TEMPLATE false`),
    );
    await template.drop();
  };
}

/**
 * The PGlite templates (files named by PGLITE_TEMPLATE_ENV and PGLITE_EMPTY_TEMPLATE_ENV); returns their
 * removal. npm test makes them once for all its passes (scripts/test-templates.ts, into files
 * scripts/test-all.sh names and removes): a pass that finds both is given them as they are.
 */
export async function pgliteTemplate(): Promise<() => Promise<void>> {
  if ([PGLITE_EMPTY_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV].every((variable) => existsSync(process.env[variable] || "")))
    return async () => undefined;
  const files = await writePgliteTemplates((name) => path.join(tmpdir(), `pfa-test-${name}-${process.pid}.tar`));
  return async () => files.forEach((file) => rmSync(file, { force: true }));
}

/**
 * Dumps a new PGlite database twice: empty (for the tests of migrating itself; creating a PGlite runs
 * initdb, 3.5-5 s) and migrated. Names the files in the environment; returns them.
 */
export async function writePgliteTemplates(fileFor: (name: "empty" | "template") => string): Promise<string[]> {
  const db = await openDatabase({ pgliteDir: "memory://" });
  const files: string[] = [];
  const dumpTo = async (variable: string, name: "empty" | "template") => {
    const file = fileFor(name);
    files.push(file);
    writeFileSync(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
    process.env[variable] = file;
  };
  try {
    await dumpTo(PGLITE_EMPTY_TEMPLATE_ENV, "empty");
    await migrateTestDatabase(db);
    await dumpTo(PGLITE_TEMPLATE_ENV, "template");
    return files;
  } catch (error) {
    files.forEach((file) => rmSync(file, { force: true }));
    throw error;
  } finally {
    await db.close();
  }
}
