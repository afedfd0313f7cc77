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
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { seedDemo } from "../prisma/seed";
import { openDatabase, type Database, type Db, type SqlExecutor } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import { createPostgresDatabase } from "../server/db/testing";
import type { WorkspaceRef } from "../server/domain/identity/authenticate";
import { clearReportCache } from "../server/domain/reports/cache";
import { cashFlowSummary } from "../server/domain/reports/cash-flow-summary";
import { categoryDrift } from "../server/domain/reports/category-drift";
import { categoryHeatmap } from "../server/domain/reports/category-heatmap";
import { incomeStability } from "../server/domain/reports/income-stability";
import { recurringDetection } from "../server/domain/reports/recurring-detection";
import { uncategorizedClusters } from "../server/domain/reports/uncategorized-clusters";
import { currentMonth, resolveWindow, type ReportWindow } from "../server/domain/reports/window";
import type { WorkspaceContext } from "../server/domain/workspace-context";
import { cleanUp, cleanUpOnSignals, onCleanup } from "./cleanup";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TARGET_RATIO = 3;
const TARGET_P50_MS = 300;
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
  const number = (text: string | undefined, fallback: number, name: string, min: number) => {
    const value = text === undefined ? fallback : Number(text.replace(/[_,]/g, ""));
    if (!Number.isInteger(value) || value < min) {
      console.error(`--${name} must be a whole number >= ${min} (got "${text}")\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  return {
    transactions: number(values.transactions, 1_000_000, "transactions", 1),
    iterations: number(values.iterations, 15, "iterations", 1),
  };
}

// ---------------------------------------------------------------------------------------------
// Clean-up: see bench/cleanup.ts.

cleanUpOnSignals("removing the temporary database...");

// ---------------------------------------------------------------------------------------------
// Timing.

interface Stats {
  runs: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? 0;
}

function statsOf(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    runs: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    min: round(sorted[0] ?? 0),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sorted.reduce((total, value) => total + value, 0) / (sorted.length || 1)),
  };
}

async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------
// A Database whose raw SQL is traced (text, parameters, duration): which query of a report is slow.

interface TracedQuery {
  text: string;
  params: unknown[];
  ms: number;
}

function tracing(db: Db, log: TracedQuery[]): Db {
  const wrap = (sql: SqlExecutor): SqlExecutor => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const started = performance.now();
      try {
        return await sql.query<Row>(text, params);
      } finally {
        log.push({ text, params, ms: performance.now() - started });
      }
    },
    exec: (script) => sql.exec(script),
    transaction: (work) => sql.transaction((tx) => work(wrap(tx))),
  });
  return { ...db, sql: wrap(db.sql) };
}

// ---------------------------------------------------------------------------------------------
// The six reports, each with its hand-written aggregate over the same rows.

interface Baseline {
  sql: string;
  params: unknown[];
}

interface ReportCase {
  endpoint: number;
  name: string;
  request: string;
  run: (scope: WorkspaceContext) => Promise<unknown>;
  baseline: (workspace: WorkspaceRef, window: ReportWindow) => Baseline;
  baselineWhat: string;
}

const window$ = (workspace: WorkspaceRef, window: ReportWindow) => [workspace.id, window.start, window.end];

function cases(month: string): ReportCase[] {
  const full = { month, range: "full" as const };
  return [
    {
      endpoint: 14,
      name: "category_heatmap",
      request: `month=${month}&range=full`,
      run: (scope) => categoryHeatmap(scope, full),
      baselineWhat: "expense sum per (month, category)",
      baseline: (workspace, window) => ({
        sql: `SELECT date_trunc('month', date) AS month, category_id, sum(amount) AS amount
                FROM transactions WHERE workspace_id = $1 AND type = 'expense' AND date BETWEEN $2::date AND $3::date GROUP BY 1, 2`,
        params: window$(workspace, window),
      }),
    },
    {
      endpoint: 15,
      name: "income_stability",
      request: `month=${month}&range=full`,
      run: (scope) => incomeStability(scope, full),
      baselineWhat: "income sum per month",
      baseline: (workspace, window) => ({
        sql: `SELECT date_trunc('month', date) AS month, sum(amount) AS amount
                FROM transactions WHERE workspace_id = $1 AND type = 'income' AND date BETWEEN $2::date AND $3::date GROUP BY 1`,
        params: window$(workspace, window),
      }),
    },
    {
      endpoint: 16,
      name: "uncategorized_clusters",
      request: "(none)",
      run: (scope) => uncategorizedClusters(scope),
      baselineWhat: "uncategorised sum, count, last date per (description, currency)",
      baseline: (workspace, window) => ({
        sql: `SELECT description, currency_id, sum(amount) AS amount, count(*) AS count, max(date) AS last_date
                FROM transactions WHERE workspace_id = $1 AND category_id IS NULL AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date
               GROUP BY 1, 2`,
        params: window$(workspace, window),
      }),
    },
    {
      endpoint: 17,
      name: "recurring_detection",
      request: "(none)",
      run: (scope) => recurringDetection(scope),
      baselineWhat: "count, sum, first/last date per (description, type, currency) seen twice or more",
      baseline: (workspace, window) => ({
        sql: `SELECT description, type, currency_id, count(*) AS count, sum(amount) AS amount, min(date) AS first_date, max(date) AS last_date
                FROM transactions WHERE workspace_id = $1 AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date
               GROUP BY 1, 2, 3 HAVING count(*) >= 2`,
        params: window$(workspace, window),
      }),
    },
    {
      endpoint: 18,
      name: "category_drift",
      request: `month=${month}&range=full`,
      run: (scope) => categoryDrift(scope, full),
      baselineWhat: "expense sum per (month, category)",
      baseline: (workspace, window) => ({
        sql: `SELECT date_trunc('month', date) AS month, category_id, sum(amount) AS amount
                FROM transactions WHERE workspace_id = $1 AND type = 'expense' AND date BETWEEN $2::date AND $3::date GROUP BY 1, 2`,
        params: window$(workspace, window),
      }),
    },
    {
      endpoint: 19,
      name: "cash_flow_summary",
      request: `month=${month}&range=full`,
      run: (scope) => cashFlowSummary(scope, full),
      baselineWhat: "income and expense sums per month",
      baseline: (workspace, window) => ({
        sql: `SELECT date_trunc('month', date) AS month, type, sum(amount) AS amount
                FROM transactions WHERE workspace_id = $1 AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date GROUP BY 1, 2`,
        params: window$(workspace, window),
      }),
    },
  ];
}

interface ReportResult {
  endpoint: number;
  report: string;
  request: string;
  window: { start: string; end: string; months: number; truncatedByPlan: boolean };
  rowsInWindow: number;
  baselineWhat: string;
  baselineSql: string;
  coldMs: Stats;
  warmMs: Stats;
  baselineMs: Stats;
  ratio: number;
  pass: boolean;
  tracedColdCall: { totalMs: number; queries: Array<{ ms: number; sql: string }> };
  slowestQueryPlan: string[];
}

const oneLine = (sql: string) => sql.replace(/\s+/g, " ").trim();

async function benchReport(
  db: Database,
  scope: WorkspaceContext,
  c: ReportCase,
  iterations: number,
): Promise<ReportResult> {
  // The same window the report resolves (range=full for all six, the current month).
  const window = await resolveWindow(scope, { month: currentMonth(scope), range: "full" });
  const baseline = c.baseline(scope.workspace, window);
  const [count] = await db.sql.query<{ rows: number }>(
    "SELECT count(*)::int AS rows FROM transactions WHERE workspace_id = $1 AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date",
    window$(scope.workspace, window),
  );
  const runBaseline = () => db.sql.query(baseline.sql, baseline.params);
  const runCold = () => {
    clearReportCache();
    return c.run(scope);
  };

  // One untimed run of each first, so both start with the same buffers and prepared connections.
  await runBaseline();
  await runCold();
  const cold: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    base.push(await timeOnce(runBaseline));
    cold.push(await timeOnce(runCold));
  }
  clearReportCache();
  await c.run(scope);
  const warm: number[] = [];
  for (let i = 0; i < iterations; i += 1) warm.push(await timeOnce(() => c.run(scope)));

  // One traced cold call: every raw query with its duration; the slowest gets EXPLAIN ANALYZE.
  const log: TracedQuery[] = [];
  clearReportCache();
  const totalMs = await timeOnce(() => c.run({ ...scope, db: tracing(db, log) }));
  const slowest = [...log].sort((a, b) => b.ms - a.ms)[0];
  const plan = slowest
    ? (await db.sql.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${slowest.text}`, slowest.params)).map(
        (row) => row["QUERY PLAN"],
      )
    : [];
  clearReportCache();

  const coldMs = statsOf(cold);
  const baselineMs = statsOf(base);
  const ratio = Math.round((coldMs.p50 / Math.max(baselineMs.p50, 0.01)) * 100) / 100;
  return {
    endpoint: c.endpoint,
    report: c.name,
    request: c.request,
    window: {
      start: window.start,
      end: window.end,
      months: window.months.length,
      truncatedByPlan: window.view.truncated_by_plan,
    },
    rowsInWindow: count?.rows ?? 0,
    baselineWhat: c.baselineWhat,
    baselineSql: oneLine(baseline.sql),
    coldMs,
    warmMs: statsOf(warm),
    baselineMs,
    ratio,
    pass: ratio <= TARGET_RATIO && coldMs.p50 < TARGET_P50_MS,
    tracedColdCall: {
      totalMs: Math.round(totalMs * 10) / 10,
      queries: log.map((query) => ({ ms: Math.round(query.ms * 10) / 10, sql: oneLine(query.text).slice(0, 240) })),
    },
    slowestQueryPlan: plan,
  };
}

// ---------------------------------------------------------------------------------------------

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

async function openBenchDatabase(): Promise<Database> {
  const database = await createPostgresDatabase(POSTGRES_URL).catch((error: Error) => {
    throw new Error(`PostgreSQL at ${redact(POSTGRES_URL)} is unreachable: ${error.message} (set BENCH_DATABASE_URL)`);
  });
  onCleanup(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL: temporary database ${database.name} on ${redact(POSTGRES_URL)}`);
  // The server's default pool size (openDatabase's 10), as the REST procedures get it.
  const db = await openDatabase({ url: database.url });
  onCleanup("close the pool", () => db.close());
  return db;
}

async function main(options: Options): Promise<void> {
  const startedAt = new Date();
  const db = await openBenchDatabase();
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
  for (const c of cases(month)) {
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
    machine: {
      cores: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? null,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
  };
  print(report);
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const out = path.join(dir, `reports-${startedAt.toISOString().slice(0, 19).replace(/:/g, "-")}.json`);
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(ROOT, out)}`);
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
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ");
  console.log(
    `\n${report.transactions.toLocaleString("en-US")} transactions, ${report.iterations} runs each, milliseconds; ` +
      `target: cold p50 <= ${TARGET_RATIO}x the baseline and < ${TARGET_P50_MS} ms`,
  );
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
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
