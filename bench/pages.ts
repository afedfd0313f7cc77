/**
 * npm run bench:pages [-- --engine pglite] [--rows 1000000] [--runs 40]: what the transaction list,
 * its search, a "since" delta and a bulk write cost with a million transactions in one workspace,
 * each next to the same query written by hand on the same indexes, in the same run.
 *
 * Cases (the service's domain functions, as the REST operations call them; no HTTP):
 *   first page       listTransactions, limit 50, page mode (with its total)
 *   page 2500        listTransactions, limit 200, by the cursor of page 2500 (row 500,000)
 *   amount, deep     sort=amount, by the cursor of row 500,000
 *   search common    search=rewe (one row in 12 matches), first page without the total (pagination=cursor),
 *                    and with it (page mode: a count of every match, no target: the count alone is above it)
 *   search rare      search=<a word of 40 rows>, the same two
 *   delta of 100     readDelta and the changed rows' items, after 100 rows were changed (GET ?since=...)
 *   bulk create 500  writeTransactions of 500 rows with external ids (POST /transactions), rolled back
 *
 * Floors: the SQL each answer needs and nothing else (the page's rows with their account, wallet,
 * category and currency; the total: the tallies' sum, or for a search the count of the matches; the
 * keyset condition; the three-way delta union; one INSERT of 500 rows), run on the same pool. Targets (issue 30, PostgreSQL): every page <= 50 ms
 * p99, search <= 100 ms p99, a 100-change delta <= 30 ms p99, bulk create of 500 <= 300 ms p99.
 * PGlite figures are printed for comparison (one connection, no target).
 *
 * Seeding a million rows takes a minute or two (generate_series, then ANALYZE); the database is
 * temporary (PostgreSQL: BENCH_DATABASE_URL ?? TEST_DATABASE_URL ?? the local server).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../server/db/client";
import { listTransactionsInput } from "../server/routers/transactions/schemas";
import { readDelta } from "../server/domain/sync/changes";
import { serverKnowledge } from "../server/domain/sync/sync-token";
import { writeTransactions } from "../server/domain/transactions/bulk-writes";
import { listTransactions, transactionsByIds } from "../server/domain/transactions/list-transactions";
import { foldTallies } from "../server/domain/transactions/tallies";
import { SideEffects } from "../server/domain/side-effects/side-effects";
import { openBenchDatabase } from "./bench-database";
import { cleanUp, cleanUpOnSignals } from "./cleanup";
import { machine, printTable, saveFigures } from "./figures";
import { prepareWorkspace, type BenchWorkspace } from "./import-setup";
import { wholeNumberOption } from "./options";

const USAGE = "usage: npm run bench:pages [-- --engine pglite] [--rows 1000000] [--runs 40]";
const MERCHANTS = [
  "REWE SAGT DANKE",
  "EDEKA CENTER",
  "ALDI SUED",
  "LIDL DIENSTLEISTUNG",
  "DM DROGERIE MARKT",
  "SHELL TANKSTELLE",
  "DEUTSCHE BAHN",
  "AMAZON EU SARL",
  "NETFLIX.COM",
  "STADTWERKE STROM",
  "APOTHEKE AM MARKT",
  "BAECKEREI KAMPS",
];
const RARE = "Zitronenfalter";

interface Case {
  name: string;
  target: number | null;
  app: () => Promise<unknown>;
  floor: () => Promise<unknown>;
}

function parse(argv: string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at < 0 ? undefined : argv[at + 1];
  };
  const engine = value("engine") ?? "postgres";
  if (engine !== "postgres" && engine !== "pglite") {
    console.error(USAGE);
    process.exit(2);
  }
  return {
    engine: engine as "postgres" | "pglite",
    rows: wholeNumberOption(value("rows"), 1_000_000, "rows", 10_000, USAGE),
    runs: wholeNumberOption(value("runs"), 40, "runs", 5, USAGE),
  };
}

/** A million rows in one statement per 100k: dates over ten years, a merchant per row, every 12th REWE. */
async function seed(db: Db, bench: BenchWorkspace, rows: number): Promise<string> {
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: bench.workspace.id, name: "Girokonto" } });
  const account = await db.prisma.account.create({
    data: {
      workspaceId: bench.workspace.id,
      walletId: wallet.id,
      currencyId: bench.workspace.homeCurrencyId,
      openingBalance: "1000.00",
      openingBalanceDate: new Date("2015-01-01"),
    },
  });
  const categories = (await db.prisma.category.findMany({ where: { workspaceId: bench.workspace.id } })).map(
    (category) => category.id,
  );
  for (let start = 0; start < rows; start += 100_000) {
    await db.sql.query(
      `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description,
                                 counterparty, category_id, external_id, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, 'expense', DATE '2016-01-01' + (i % 3650),
              -((i::bigint * 7919) % 50000) / 100.0 - 0.01,
              CASE WHEN i % 25000 = 7 THEN $6 ELSE ($4::text[])[1 + i % 12] END || ' ' || (i % 9973),
              NULLIF(($4::text[])[1 + (i / 12) % 12], 'NETFLIX.COM'),
              ($5::uuid[])[1 + i % array_length($5::uuid[], 1)], 'bench-' || i,
              TIMESTAMPTZ '2016-01-01' + (i || ' seconds')::interval, now()
         FROM generate_series($7::int, $8::int) AS i`,
      [
        bench.workspace.id,
        account.id,
        bench.workspace.homeCurrencyId,
        MERCHANTS,
        categories,
        RARE,
        start,
        Math.min(rows, start + 100_000) - 1,
      ],
    );
    process.stdout.write(`\rseeded ${Math.min(rows, start + 100_000).toLocaleString("en-US")} rows`);
  }
  // As hourly maintenance leaves them: one tally row per account, category and type.
  await foldTallies(db);
  await db.sql.exec("ANALYZE");
  console.log(", analysed");
  return account.id;
}

const ITEM_SQL = `SELECT t.*, a.order AS account_order, w.name AS wallet_name, c.name AS category_name,
                         c.accent_color, cur.code, cur.decimal_places
                    FROM transactions t
                    JOIN accounts a ON a.id = t.account_id JOIN wallets w ON w.id = a.wallet_id
                    JOIN currencies cur ON cur.id = t.currency_id
                    LEFT JOIN categories c ON c.id = t.category_id`;
const NEWEST_FIRST = "ORDER BY t.date DESC, t.created_at DESC, t.id DESC";

async function timed(run: () => Promise<unknown>, runs: number): Promise<{ p50: number; p99: number }> {
  for (let warm = 0; warm < 3; warm += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const startedAt = new Date();
  const db = await openBenchDatabase(options.engine);
  const bench = await prepareWorkspace(db);
  const accountId = await seed(db, bench, options.rows);
  const context = { db, workspace: bench.workspace };
  const ws = bench.workspace.id;
  const list = (query: Record<string, unknown>) => listTransactions(context, listTransactionsInput.parse(query));

  // Cursors of row 500,000 (page 2,500 of 200) in two orders, from one page-mode read each (outside the timing).
  const depth = Math.min(2_500, Math.floor(options.rows / 400));
  const deepCursor = (await list({ limit: 200, page: depth })).nextCursor!;
  const amountCursor = (await list({ limit: 200, page: depth, sort: "amount" })).nextCursor!;
  const deepRow = (
    await db.sql.query<{ date: string; created_at: Date; id: string }>(
      `SELECT date::text, created_at, id::text FROM transactions t WHERE workspace_id = $1 ${NEWEST_FIRST} OFFSET $2 LIMIT 1`,
      [ws, depth * 200 - 1],
    )
  )[0]!;
  const amountRow = (
    await db.sql.query<{ amount: string; date: string; created_at: Date; id: string }>(
      `SELECT amount::text, date::text, created_at, id::text FROM transactions t WHERE workspace_id = $1
        ORDER BY t.amount ASC, t.date DESC, t.created_at DESC, t.id DESC OFFSET $2 LIMIT 1`,
      [ws, depth * 200 - 1],
    )
  )[0]!;

  // A delta of 100 changes: the token first, then 100 rows changed.
  const since = await serverKnowledge(db, ws, "transactions");
  await db.sql.query(
    `UPDATE transactions SET notes = 'changed' WHERE id IN
       (SELECT id FROM transactions WHERE workspace_id = $1 ORDER BY id LIMIT 100)`,
    [ws],
  );
  const sinceXid = JSON.parse(Buffer.from(since, "base64url").toString("utf8"))[2] as string;

  const rows500 = () =>
    Array.from({ length: 500 }, (_, index) => ({
      account_id: accountId,
      date: "2026-03-01",
      amount: `-${(index % 90) + 1}.50`,
      description: `Bulk ${index}`,
      counterparty: null,
      notes: null,
      external_id: `bulk-${randomUUID()}`,
    }));
  /** Runs `work` in a transaction that is rolled back, so every run writes into the same million rows. */
  const rolledBack = async (work: (tx: Db) => Promise<unknown>) => {
    await db
      .transaction(async (tx) => {
        await work(tx);
        throw new RollBack();
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error;
      });
  };

  const cases: Case[] = [
    {
      name: "first page (50, with total)",
      target: 50,
      app: () => list({ limit: 50 }),
      // The total from the running tallies (one row per account, category and type once folded).
      floor: () =>
        Promise.all([
          db.sql.query(`${ITEM_SQL} WHERE t.workspace_id = $1 ${NEWEST_FIRST} LIMIT 51`, [ws]),
          db.sql.query(`SELECT sum(rows) FROM transaction_tallies WHERE workspace_id = $1`, [ws]),
        ]),
    },
    {
      name: `page ${depth} by cursor (200)`,
      target: 50,
      app: () => list({ limit: 200, cursor: deepCursor }),
      floor: () =>
        db.sql.query(
          `${ITEM_SQL} WHERE t.workspace_id = $1 AND (t.date, t.created_at, t.id) < ($2::date, $3, $4::uuid) ${NEWEST_FIRST} LIMIT 201`,
          [ws, deepRow.date, deepRow.created_at, deepRow.id],
        ),
    },
    {
      name: `sort=amount, page ${depth} by cursor`,
      target: 50,
      app: () => list({ limit: 200, sort: "amount", cursor: amountCursor }),
      floor: () =>
        db.sql.query(
          `${ITEM_SQL} WHERE t.workspace_id = $1 AND t.amount >= $2::numeric AND (t.amount > $2::numeric OR (t.amount = $2::numeric
             AND (t.date, t.created_at, t.id) < ($3::date, $4, $5::uuid)))
           ORDER BY t.amount ASC, t.date DESC, t.created_at DESC, t.id DESC LIMIT 201`,
          [ws, amountRow.amount, amountRow.date, amountRow.created_at, amountRow.id],
        ),
    },
    ...[
      ["search=rewe (1 in 12 rows)", "rewe"],
      [`search=${RARE.toLowerCase()} (${Math.ceil(options.rows / 25_000)} rows)`, RARE.toLowerCase()],
    ].flatMap(([name, term]): Case[] => [
      {
        name: `${name}, pagination=cursor`,
        target: 100,
        app: () => list({ limit: 50, search: term, pagination: "cursor" }),
        floor: () =>
          db.sql.query(
            `${ITEM_SQL} WHERE t.workspace_id = $1 AND (t.description ILIKE $2 OR t.counterparty ILIKE $2) ${NEWEST_FIRST} LIMIT 51`,
            [ws, `%${term}%`],
          ),
      },
      {
        // Page mode counts every matching row: that count is the floor's own cost (no target, see README).
        name: `${name}, with total`,
        target: null,
        app: () => list({ limit: 50, search: term }),
        floor: () =>
          Promise.all([
            db.sql.query(
              `${ITEM_SQL} WHERE t.workspace_id = $1 AND (t.description ILIKE $2 OR t.counterparty ILIKE $2) ${NEWEST_FIRST} LIMIT 51`,
              [ws, `%${term}%`],
            ),
            db.sql.query(
              `SELECT count(*) FROM transactions WHERE workspace_id = $1 AND (description ILIKE $2 OR counterparty ILIKE $2)`,
              [ws, `%${term}%`],
            ),
          ]),
      },
    ]),
    {
      name: "delta of 100 changes (since)",
      target: 30,
      // What GET ?since= does: the changed ids, then their items.
      app: async () => {
        const delta = await readDelta(context, "transactions", { since, limit: 200 });
        return transactionsByIds(context, delta.changed);
      },
      floor: () =>
        db.sql.query(
          `${ITEM_SQL} WHERE t.workspace_id = $1 AND t.change_xid >= $2::xid8 ORDER BY t.change_xid, t.id LIMIT 201`,
          [ws, sinceXid],
        ),
    },
    {
      name: "bulk create of 500 (external ids)",
      target: 300,
      app: () =>
        rolledBack((tx) =>
          writeTransactions(
            { db: tx, workspace: bench.workspace, userId: bench.userId, sideEffects: new SideEffects() },
            rows500(),
          ),
        ),
      floor: () =>
        rolledBack((tx) =>
          tx.sql.query(
            `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, external_id, updated_at)
             SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, 'expense', DATE '2026-03-01', -(i % 90 + 1.5), 'Bulk ' || i,
                    'bulk-' || gen_random_uuid(), now()
               FROM generate_series(1, 500) AS i`,
            [ws, accountId, bench.workspace.homeCurrencyId],
          ),
        ),
    },
  ];

  const results = [];
  for (const entry of cases) {
    const app = await timed(entry.app, options.runs);
    const floor = await timed(entry.floor, options.runs);
    const pass = entry.target === null || options.engine !== "postgres" ? null : app.p99 <= entry.target;
    results.push({ name: entry.name, app, floor, target: entry.target, pass });
    console.log(
      `${entry.name}: app p50 ${app.p50.toFixed(1)} ms p99 ${app.p99.toFixed(1)} ms; floor p99 ${floor.p99.toFixed(1)} ms`,
    );
  }
  console.log(`\n${options.rows.toLocaleString("en-US")} transactions, ${options.engine}, ${options.runs} runs each\n`);
  printTable(
    ["case", "app p50", "app p99", "floor p50", "floor p99", "p99 / floor", "target p99", "result"],
    results.map((row) => [
      row.name,
      `${row.app.p50.toFixed(1)} ms`,
      `${row.app.p99.toFixed(1)} ms`,
      `${row.floor.p50.toFixed(1)} ms`,
      `${row.floor.p99.toFixed(1)} ms`,
      `${(row.app.p99 / row.floor.p99).toFixed(2)}x`,
      row.target === null ? "-" : `${row.target} ms`,
      row.pass === null ? "(no target)" : row.pass ? "PASS" : "MISS",
    ]),
  );
  await saveFigures("pages", startedAt, `-${options.engine}`, { machine: machine(), options, results });
}

class RollBack extends Error {}

cleanUpOnSignals("removing the temporary database...");
try {
  await main();
} catch (error) {
  console.error(`\nbench:pages failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
