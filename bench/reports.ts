/**
 * npm run bench:reports [-- --transactions N (1000000)] [--iterations N (15)] [--split-percent P (10)]:
 * the latency of each of the six report domain functions (endpoints 14-19) on the demo seeded with N
 * transactions, P% of its expenses split in two parts (the reports read parts, issue 35), on
 * PostgreSQL, called exactly as the REST procedures call them (the demo workspace; range=full and
 * the current month for 14, 15, 18 and 19; no parameters for 16 and 17), in process:
 *
 *   cold      clearReportCache() before every call, so each call computes the report
 *   warm      the cached report (one priming call, then every call is a cache hit: the data-version
 *             query plus the map look-up)
 *   baseline  one hand-written aggregate SQL query over the same rows (same workspace, types and
 *             date window), timed the same way through the same pool
 *
 * Targets per report: cold p50 <= 3x the baseline's p50, and cold p50 < 300 ms. For every report
 * the queries of one cold call are traced (text and duration), and the slowest gets
 * EXPLAIN (ANALYZE, BUFFERS), so a MISS says where the time goes.
 * Database: a temporary PostgreSQL database on BENCH_DATABASE_URL ?? TEST_DATABASE_URL ??
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards, also on failure and Ctrl-C.
 * Figures go to bench/results/reports-<time>.json.
 */
import { parseArgs } from "node:util";
import { seedDemo } from "../prisma/seed";
import { openDatabase, type Database } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import type { WorkspaceRef } from "../server/domain/identity/authenticate";
import { currentMonth } from "../server/domain/reports/window";
import type { WorkspaceContext } from "../server/domain/workspace-context";
import { temporaryPostgres } from "./bench-database";
import { cleanUp, cleanUpOnSignals, onCleanup } from "./cleanup";
import { machine, printTable, saveFigures } from "./figures";
import { wholeNumberOption } from "./options";
import { reportCases } from "./reports-cases";
import { benchReport, TARGET_P50_MS, TARGET_RATIO, type ReportResult } from "./reports-measure";

const USAGE =
  "Usage: npm run bench:reports [-- --transactions N (1000000)] [--iterations N (15)] [--split-percent P (10)]";

interface Options {
  transactions: number;
  iterations: number;
  splitPercent: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      transactions: { type: "string" },
      iterations: { type: "string" },
      "split-percent": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    transactions: wholeNumberOption(values.transactions, 1_000_000, "transactions", 1, USAGE),
    iterations: wholeNumberOption(values.iterations, 15, "iterations", 1, USAGE),
    splitPercent: wholeNumberOption(values["split-percent"], 10, "split-percent", 0, USAGE),
  };
}

cleanUpOnSignals("removing the temporary database...");

async function openReportsDatabase(): Promise<Database> {
  const database = await temporaryPostgres("set BENCH_DATABASE_URL");
  // The server's default pool size (openDatabase's 10), as the REST procedures get it.
  const db = await openDatabase({ url: database.url });
  onCleanup("close the pool", () => db.close());
  return db;
}

async function main(options: Options): Promise<void> {
  const startedAt = new Date();
  const db = await openReportsDatabase();
  await applyMigrations(db.sql, await readMigrations());
  console.log(`Seeding the demo with ${options.transactions.toLocaleString("en-US")} transactions...`);
  const summary = await seedDemo(db, {
    transactions: options.transactions,
    log: (message) => console.log(`  ${message}`),
  });
  console.log(`  seeded in ${(summary.ms / 1000).toFixed(1)} s (history ending ${summary.today})`);
  const [server] = await db.sql.query<{ version: string }>("SELECT current_setting('server_version') AS version");

  const row = await db.prisma.workspace.findUniqueOrThrow({
    where: { id: summary.workspaceId },
    select: { id: true, timezone: true, homeCurrencyId: true, plan: true },
  });
  const workspace: WorkspaceRef = {
    id: row.id,
    timezone: row.timezone,
    homeCurrencyId: row.homeCurrencyId,
    plan: row.plan,
  };
  const scope: WorkspaceContext = { db, workspace };
  const split = await splitExpenses(db, workspace.id, options.splitPercent);
  console.log(`Split ${split.toLocaleString("en-US")} expenses (${options.splitPercent}%) in two parts each`);
  const month = currentMonth(scope);
  console.log(
    `Demo workspace ${workspace.id} (plan ${workspace.plan}, ${workspace.timezone}); report month ${month}; ${options.iterations} runs each\n`,
  );

  const results: ReportResult[] = [];
  for (const c of reportCases(month)) {
    const result = await benchReport(db, scope, c, options.iterations);
    console.log(
      `  ${c.endpoint} ${c.name}: cold p50 ${result.coldMs.p50.toFixed(1)} ms, warm p50 ${result.warmMs.p50.toFixed(1)} ms, ` +
        `baseline p50 ${result.baselineMs.p50.toFixed(1)} ms (${result.ratio}x) ${result.pass ? "PASS" : "MISS"}`,
    );
    results.push(result);
  }

  const report = {
    bench: "reports",
    startedAt: startedAt.toISOString(),
    engine: "postgres",
    server: server?.version ?? null,
    transactions: summary.counts.transactions,
    seedSeconds: summary.ms / 1000,
    today: summary.today,
    month,
    workspace: { plan: workspace.plan, timezone: workspace.timezone },
    iterations: options.iterations,
    splitPercent: options.splitPercent,
    splitTransactions: split,
    targets: { maxColdRatio: TARGET_RATIO, maxColdP50Ms: TARGET_P50_MS },
    allPass: results.every((result) => result.pass),
    results,
    machine: machine(),
  };
  print(report);
  await saveFigures("reports", startedAt, "", report);
}

/**
 * Splits `percent`% of the workspace's expenses (chosen by a hash of their id, the same ones every
 * run) in two parts: half under its category, the rest uncategorised, as a person splitting a bill
 * would. Returns how many were split.
 */
async function splitExpenses(db: Database, workspaceId: string, percent: number): Promise<number> {
  if (percent === 0) return 0;
  const [row] = await db.sql.query<{ split: number }>(
    `WITH chosen AS (
       SELECT id, workspace_id, amount, category_id, account_id, currency_id, type, date FROM transactions
        WHERE workspace_id = $1::uuid AND type = 'expense' AND abs(hashtext(id::text)) % 100 < $2::int
     ), parts AS (
       INSERT INTO transaction_parts (workspace_id, transaction_id, position, amount, category_id,
                                     account_id, currency_id, type, date)
       SELECT workspace_id, id, 0, round(amount / 2, 2), category_id, account_id, currency_id, type, date FROM chosen
       UNION ALL
       SELECT workspace_id, id, 1, amount - round(amount / 2, 2), NULL, account_id, currency_id, type, date FROM chosen
     ), marked AS (
       UPDATE transactions t SET split = true, category_id = NULL FROM chosen c WHERE t.id = c.id RETURNING 1
     )
     SELECT count(*)::int AS split FROM marked`,
    [workspaceId, percent],
  );
  await db.sql.query("ANALYZE transactions");
  await db.sql.query("ANALYZE transaction_parts");
  return row?.split ?? 0;
}

function print(report: { transactions: number; iterations: number; results: ReportResult[] }): void {
  const ms = (value: number) => value.toFixed(1);
  const rows = report.results.map((r) => [
    `${r.endpoint} ${r.report}`,
    r.rowsInWindow.toLocaleString("en-US"),
    ms(r.coldMs.p50),
    ms(r.coldMs.p95),
    ms(r.warmMs.p50),
    ms(r.warmMs.p95),
    ms(r.baselineMs.p50),
    ms(r.baselineMs.p95),
    `${r.ratio.toFixed(2)}x`,
    r.pass ? "PASS" : "MISS",
  ]);
  const header = [
    "report",
    "rows",
    "cold p50",
    "cold p95",
    "warm p50",
    "warm p95",
    "base p50",
    "base p95",
    "ratio",
    "result",
  ];
  console.log(
    `\n${report.transactions.toLocaleString("en-US")} transactions, ${report.iterations} runs each, milliseconds; ` +
      `target: cold p50 <= ${TARGET_RATIO}x the baseline and < ${TARGET_P50_MS} ms`,
  );
  printTable(header, rows);
  for (const r of report.results) {
    console.log(`\n${r.endpoint} ${r.report}: one traced cold call, ${r.tracedColdCall.totalMs} ms; raw SQL queries:`);
    for (const query of [...r.tracedColdCall.queries].sort((a, b) => b.ms - a.ms))
      console.log(`  ${ms(query.ms).padStart(8)} ms  ${query.sql.slice(0, 110)}`);
    if (!r.pass) console.log(`  slowest query plan:\n    ${r.slowestQueryPlan.join("\n    ")}`);
  }
}

const options = parseOptions(process.argv.slice(2));
try {
  await main(options);
} catch (error) {
  console.error(`\nbench:reports failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
