/**
 * npm run bench:reports [-- --transactions N (1000000)] [--iterations N (15)]: the latency of each
 * of the six report domain functions (endpoints 14-19) on the demo seeded with N transactions, on
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

const USAGE = "Usage: npm run bench:reports [-- --transactions N (1000000)] [--iterations N (15)]";

interface Options {
  transactions: number;
  iterations: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      transactions: { type: "string" },
      iterations: { type: "string" },
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
    targets: { maxColdRatio: TARGET_RATIO, maxColdP50Ms: TARGET_P50_MS },
    allPass: results.every((result) => result.pass),
    results,
    machine: machine(),
  };
  print(report);
  await saveFigures("reports", startedAt, "", report);
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
