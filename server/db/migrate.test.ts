import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../testing/fixtures";
import { applyMigrations, checksumOf, MigrationError, readMigrations, type MigrationFile } from "./migrate";

/** Each test starts from an empty database of its own. */
const db = useTestDatabase({ migrate: false, scope: "test" });

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  applied_steps_count: number;
}

describe("migration runner", () => {
  it("applies every migration once and records it the way Prisma does", async () => {
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);

    const first = await applyMigrations(db.sql, migrations);
    expect(first.applied).toEqual(migrations.map((m) => m.name));

    const rows = await db.sql.query<MigrationRow>(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [index, row] of rows.entries()) {
      expect(row.checksum).toBe(checksumOf(migrations[index]!.script));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    const tables = await db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'transactions'`,
    );
    expect(tables[0]!.n).toBe(1);

    const second = await applyMigrations(db.sql, migrations);
    expect(second).toEqual({ applied: [], alreadyApplied: migrations.length });
  });

  it("stops with a clear message when an applied migration was changed", async () => {
    const migrations = await readMigrations();
    await applyMigrations(db.sql, migrations);
    const edited = migrations.map((m, i) =>
      i === 0 ? { ...m, script: `${m.script}\n-- edited`, checksum: checksumOf(`${m.script}\n-- edited`) } : m,
    );
    const attempt = applyMigrations(db.sql, edited);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(new RegExp(`${migrations[0]!.name} was changed after it was applied`));
  });

  it("accepts an applied migration whose only change is CRLF line endings", async () => {
    const migrations = await readMigrations();
    await applyMigrations(db.sql, migrations);
    const crlf = migrations.map((m) => {
      const script = m.script.replace(/\n/g, "\r\n");
      return { ...m, script, checksum: checksumOf(script) };
    });
    await expect(applyMigrations(db.sql, crlf)).resolves.toEqual({ applied: [], alreadyApplied: migrations.length });
  });

  it("rolls a failing migration back completely and names it", async () => {
    const broken: MigrationFile[] = [
      {
        name: "20990101000000_broken",
        script: "CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;",
        checksum: "x",
      },
    ];
    await expect(applyMigrations(db.sql, broken)).rejects.toThrow(/20990101000000_broken failed/);
    const recorded = await db.sql.query(`SELECT 1 FROM "_prisma_migrations"`);
    expect(recorded).toHaveLength(0);
    const table = await db.sql.query(
      `SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'half_done'`,
    );
    expect(table).toHaveLength(0);
  });

  it("applies each migration exactly once when several instances start together", async () => {
    const migrations = await readMigrations();
    const results = await Promise.all([1, 2, 3].map(() => applyMigrations(db.sql, migrations)));
    const appliedTotal = results.reduce((sum, result) => sum + result.applied.length, 0);
    expect(appliedTotal).toBe(migrations.length);
    const rows = await db.sql.query(`SELECT 1 FROM "_prisma_migrations"`);
    expect(rows).toHaveLength(migrations.length);
  });
});
