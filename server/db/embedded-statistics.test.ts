import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshEmbeddedStatistics } from "./embedded-statistics";
import { createTestDatabase, type OpenedTestDatabase } from "./testing";

const statisticsOf = async (opened: OpenedTestDatabase, table: string) =>
  (
    await opened.db.sql.query<{ rows: number; pages: number }>(
      `SELECT reltuples::int AS rows, relpages AS pages FROM pg_class WHERE relname = $1`,
      [table],
    )
  )[0]!;

const insertRows = (opened: OpenedTestDatabase, from: number, to: number) =>
  opened.db.sql.exec(`INSERT INTO probe SELECT g, repeat('x', 40), g % 7 FROM generate_series(${from}, ${to}) g`);

describe("the embedded database's statistics (PGlite has no autovacuum)", () => {
  let pglite: OpenedTestDatabase;
  beforeAll(async () => {
    pglite = await createTestDatabase({ engine: "pglite", migrate: false });
    await pglite.db.sql.exec(`CREATE TABLE probe (id int PRIMARY KEY, text text, kind int)`);
    await pglite.db.sql.exec(`CREATE TABLE small (id int)`);
    await pglite.db.sql.exec(`INSERT INTO small VALUES (1), (2)`);
  });
  afterAll(() => pglite.destroy());

  it("analyses a table never analysed once it holds more than a few pages, and then only after it grew by a fifth", async () => {
    await insertRows(pglite, 1, 20_000);
    expect(await statisticsOf(pglite, "probe")).toMatchObject({ rows: -1, pages: 0 });

    expect(await refreshEmbeddedStatistics(pglite.db)).toEqual(["probe"]);
    const analysed = await statisticsOf(pglite, "probe");
    expect(analysed.rows).toBe(20_000);
    expect(analysed.pages).toBeGreaterThan(8);
    // The two-row table stays as it is: small tables are not analysed after every write.
    expect(await statisticsOf(pglite, "small")).toMatchObject({ rows: -1 });

    await insertRows(pglite, 20_001, 22_000);
    expect(await refreshEmbeddedStatistics(pglite.db)).toEqual([]);
    await insertRows(pglite, 22_001, 30_000);
    expect(await refreshEmbeddedStatistics(pglite.db)).toEqual(["probe"]);
    expect((await statisticsOf(pglite, "probe")).rows).toBe(30_000);
  });

  it("vacuums every table of some size hourly, also when a job's ANALYZE has already taken the growth away", async () => {
    const lastVacuum = async () =>
      (
        await pglite.db.sql.query<{ at: Date | null }>(
          `SELECT last_vacuum AS at FROM pg_stat_user_tables WHERE relname = 'probe'`,
        )
      )[0]!.at;
    expect(await lastVacuum()).toBeNull();
    // Every row gets a new version (rules applied to history): the table doubles; the job analyses it.
    await pglite.db.sql.exec(`UPDATE probe SET kind = kind + 1`);
    expect(await refreshEmbeddedStatistics(pglite.db)).toEqual(["probe"]);
    expect(await lastVacuum()).toBeNull();
    // The hourly pass: nothing looks grown any more, and the old versions are vacuumed all the same.
    expect(await refreshEmbeddedStatistics(pglite.db, { vacuum: true })).toEqual(["probe"]);
    expect(await lastVacuum()).not.toBeNull();
    expect((await statisticsOf(pglite, "probe")).rows).toBe(30_000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL server's statistics", () => {
  it("are autovacuum's: nothing is done", async () => {
    const server = await createTestDatabase({ engine: "postgres", migrate: false });
    try {
      await server.db.sql.exec(`CREATE TABLE probe (id int)`);
      await server.db.sql.exec(`INSERT INTO probe SELECT generate_series(1, 20000)`);
      expect(await refreshEmbeddedStatistics(server.db, { vacuum: true })).toEqual([]);
    } finally {
      await server.destroy();
    }
  });
});
