/**
 * How bench:reports times one report: cold calls (the cache cleared before each), warm calls (the
 * cached report) and the baseline query, interleaved; then one traced cold call, whose slowest
 * query gets EXPLAIN (ANALYZE, BUFFERS).
 */
import type { Db, SqlExecutor } from "../server/db/client";
import { clearReportCache } from "../server/domain/reports/cache";
import { currentMonth, resolveWindow } from "../server/domain/reports/window";
import type { WorkspaceContext } from "../server/domain/workspace-context";
import { windowParams, type ReportCase } from "./reports-cases";

/** Per report: the cold p50 at most this many times the baseline's p50... */
export const TARGET_RATIO = 3;
/** ...and under this many milliseconds. */
export const TARGET_P50_MS = 300;

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

interface TracedQuery {
  text: string;
  params: unknown[];
  ms: number;
}

/** The same Db with its raw SQL traced (text, parameters, duration): which query of a report is slow. */
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

export interface ReportResult {
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

export async function benchReport(
  db: Db,
  scope: WorkspaceContext,
  c: ReportCase,
  iterations: number,
): Promise<ReportResult> {
  // The same window the report resolves (range=full for all six, the current month).
  const window = await resolveWindow(scope, { month: currentMonth(scope), range: "full" });
  const params = windowParams(scope.workspace, window);
  const [count] = await db.sql.query<{ rows: number }>(
    "SELECT count(*)::int AS rows FROM transactions WHERE workspace_id = $1 AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date",
    params,
  );
  const runBaseline = () => db.sql.query(c.baselineSql, params);
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
    baselineSql: oneLine(c.baselineSql),
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
