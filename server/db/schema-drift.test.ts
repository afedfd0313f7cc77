import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../testing/fixtures";
import { applyMigrations, checksumOf, readMigrations, type MigrationFile } from "./migrate";
import { diffSchemaAgainstDatabase } from "./schema-drift";

const schemaFolder = path.join(process.cwd(), "prisma", "schema");
const schemaFiles = (await readdir(schemaFolder)).filter((name) => name.endsWith(".prisma")).sort();
const schemaText = (await Promise.all(schemaFiles.map((name) => readFile(path.join(schemaFolder, name), "utf8")))).join(
  "\n",
);
const db = useTestDatabase({ migrate: false, scope: "test" });

/** Differences between the schema and the test's empty database once `migrations` are applied. */
async function driftAfter(migrations: MigrationFile[]): Promise<string[]> {
  await applyMigrations(db.sql, migrations);
  return diffSchemaAgainstDatabase(db.sql, schemaText);
}

function editFirst(migrations: MigrationFile[], edit: (script: string) => string): MigrationFile[] {
  return migrations.map((m, i) => {
    if (i !== 0) return m;
    const script = edit(m.script);
    expect(script).not.toBe(m.script);
    return { ...m, script, checksum: checksumOf(script) };
  });
}

describe("schema drift", () => {
  it("finds no difference between the schema (prisma/schema/) and the migrated database", async () => {
    expect(await driftAfter(await readMigrations())).toEqual([]);
  });

  // The tests of the test: each breaks the migrations in one way and expects that exact report.
  it("reports a column removed from a migration", async () => {
    const migrations = editFirst(await readMigrations(), (s) =>
      s.replace(
        '"amount" DECIMAL(20,4) NOT NULL,\n    "foreign_amount" DECIMAL(20,4),',
        '"amount" DECIMAL(20,4) NOT NULL,',
      ),
    );
    expect(await driftAfter(migrations)).toEqual([
      'Transaction.foreignAmount: column "transactions"."foreign_amount" is missing',
    ]);
  });

  it("reports a column of the wrong type or nullability", async () => {
    const migrations = editFirst(await readMigrations(), (s) =>
      s.replace('"description" TEXT NOT NULL,\n    "counterparty"', '"description" VARCHAR(50),\n    "counterparty"'),
    );
    const drift = await driftAfter(migrations);
    expect(drift).toContain(
      'Transaction.description: column "transactions"."description" is varchar(50), schema says text',
    );
    expect(drift).toContain(
      'Transaction.description: column "transactions"."description" is nullable, schema says required',
    );
  });

  it("reports a missing index, a missing unique and a missing enum value", async () => {
    const migrations = editFirst(await readMigrations(), (s) =>
      s
        .replace(/CREATE INDEX "transactions_account_id_date_idx"[^\n]*\n/, "")
        .replace(/CREATE UNIQUE INDEX "users_email_key"[^\n]*\n/, "")
        .replace("'queued', ", ""),
    );
    const drift = await driftAfter(migrations);
    expect(drift).toContain(
      'Transaction index (account_id, date): index "transactions_account_id_date_idx" is missing',
    );
    expect(drift).toContain('User unique (email): index "users_email_key" is missing');
    expect(drift.some((line) => line.startsWith("enum ImportStatus has"))).toBe(true);
  });
});
