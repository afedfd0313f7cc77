import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlExecutor } from "./client";

/**
 * Applies prisma/migrations/<name>/migration.sql in name order and records each in
 * `_prisma_migrations` exactly as Prisma's migrate engine does (same columns, SHA-256 checksum
 * of the file), so a machine with the engine can take over the same database.
 */

export interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

// The lock key Prisma's migrate engine takes, so both never migrate at once.
const ADVISORY_LOCK_KEY = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

const DEFAULT_MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

export function checksumOf(script: string): string {
  return createHash("sha256").update(script, "utf8").digest("hex");
}

/** Prisma accepts a file whose only change is its line endings (a checkout on another OS). */
function matchesChecksum(script: string, checksum: string): boolean {
  return [script, script.replace(/\r\n/g, "\n"), script.replace(/(?<!\r)\n/g, "\r\n")].some(
    (variant) => checksumOf(variant) === checksum,
  );
}

export async function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  // Read at run time from the working directory, not traced into the build.
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await readFile(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, script, checksum: checksumOf(script) };
    }),
  );
}

export async function applyMigrations(sql: SqlExecutor, migrations: MigrationFile[]): Promise<MigrationResult> {
  await sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCK_KEY]);
    await tx.exec(CREATE_MIGRATIONS_TABLE);
  });

  const applied: string[] = [];
  let alreadyApplied = 0;
  for (const migration of migrations) {
    const wasApplied = await sql.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCK_KEY]);
      const rows = await tx.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"
          WHERE migration_name = $1 AND rolled_back_at IS NULL`,
        [migration.name],
      );
      const row = rows[0];
      if (row) {
        assertUnchanged(migration, row);
        return true;
      }
      const id = randomUUID();
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 0)`,
        [id, migration.checksum, migration.name],
      );
      try {
        await tx.exec(migration.script);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      await tx.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [
        id,
      ]);
      return false;
    });
    if (wasApplied) alreadyApplied += 1;
    else applied.push(migration.name);
  }
  return { applied, alreadyApplied };
}

function assertUnchanged(migration: MigrationFile, row: AppliedRow): void {
  if (row.finished_at === null) {
    throw new MigrationError(
      `Migration ${migration.name} was started but never finished on this database. ` +
        `Inspect the database, then mark it rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() ` +
        `WHERE migration_name = '${migration.name}') before starting again.`,
    );
  }
  if (!matchesChecksum(migration.script, row.checksum)) {
    throw new MigrationError(
      `Migration ${migration.name} was changed after it was applied to this database ` +
        `(checksum ${row.checksum.slice(0, 12)}... in the database, ${migration.checksum.slice(0, 12)}... on disk). ` +
        `Applied migrations must never be edited: restore prisma/migrations/${migration.name}/migration.sql ` +
        `and put the change in a new migration (npm run db:new-migration NAME).`,
    );
  }
}
