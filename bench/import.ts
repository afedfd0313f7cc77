/**
 * npm run bench:import [-- --engine postgres|pglite] [--rows N] [--existing N]: a generated
 * ~10 MiB semicolon CSV statement (100k rows, decimal comma) through the import path, in process:
 *
 *   baseline  Papa.parse (header: true) of the same decoded text, timed alone
 *   upload    parseStatementFile + createImport (the preview, with duplicate detection against an
 *             account that already holds `--existing` transactions in the same date range);
 *             target <= 3x the baseline
 *   confirm   confirmImport + drainImports (the worker books the rows); target >= 20k rows/s
 *   columns   the column scoring by content (facts, running-balance proofs, pairings) as the parser
 *             runs it on the file's sample, next to the rest of parseStatementFile; target < 20%
 *
 * Peak memory: process RSS sampled every 20 ms by a worker thread (so synchronous parsing on the
 * main thread cannot hide a peak), per phase: the peak and its increase over the phase's start.
 * Database: a temporary PostgreSQL database on BENCH_DATABASE_URL ?? TEST_DATABASE_URL ??
 * postgres://postgres@127.0.0.1:5432/test (dropped afterwards, also on failure and Ctrl-C), or an
 * in-memory PGlite with `--engine pglite`. Figures go to bench/results/import-<time>-<engine>.json.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import Papa from "papaparse";
import { ensureCurrencies } from "../prisma/seed";
import { openDatabase, type Database } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import { createPostgresDatabase } from "../server/db/testing";
import { confirmImport } from "../server/domain/imports/confirm-import";
import { createImport } from "../server/domain/imports/create-import";
import { detectDuplicates } from "../server/domain/imports/duplicates";
import { parseStatementFile } from "../server/domain/imports/parse-file";
import { mapColumnsByName } from "../server/domain/imports/parsers/csv/columns";
import { normaliseLineEndings, readRecords } from "../server/domain/imports/parsers/csv/dialect";
import { normaliseHeader } from "../server/domain/imports/parsers/csv/headers";
import { tableSample } from "../server/domain/imports/parsers/csv/layout";
import { settleColumns } from "../server/domain/imports/parsers/csv/settle-columns";
import { findTable } from "../server/domain/imports/parsers/csv/table";
import type { WorkspaceRef } from "../server/domain/identity/authenticate";
import { SideEffects } from "../server/domain/side-effects/side-effects";
import { dayToDate } from "../server/domain/time/calendar";
import { drainImports } from "../server/jobs/import-worker";
import { CATEGORY_NAMES, generate } from "./import-data";
import { cleanUp, cleanUpOnSignals, onCleanup } from "./cleanup";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TARGET_RATIO = 3;
const TARGET_ROWS_PER_SECOND = 20_000;
const TARGET_SCORING_SHARE = 0.2;
/** Column scoring is timed this many times over and averaged: one run takes about a millisecond. */
const SCORING_RUNS = 50;
const START_DAY = "2025-01-01";
const DAYS = 365;
/** Every 10th existing transaction is repeated in the file: real duplicates for the preview. */
const REPEAT_EVERY = 10;
const USAGE = "Usage: npm run bench:import [-- --engine postgres|pglite] [--rows N (100000)] [--existing N (20000)]";

interface Options {
  engine: "postgres" | "pglite";
  rows: number;
  existing: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: { engine: { type: "string", default: "postgres" }, rows: { type: "string" }, existing: { type: "string" }, help: { type: "boolean", short: "h" } },
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
  if (values.engine !== "postgres" && values.engine !== "pglite") {
    console.error(`--engine must be postgres or pglite\n${USAGE}`);
    process.exit(2);
  }
  return { engine: values.engine, rows: number(values.rows, 100_000, "rows", 1), existing: number(values.existing, 20_000, "existing", 0) };
}

// ---------------------------------------------------------------------------------------------
// Clean-up: see bench/cleanup.ts.

cleanUpOnSignals("removing the temporary database...");

// ---------------------------------------------------------------------------------------------
// Memory: a worker thread samples the process RSS every 20 ms, whatever the main thread does.

const SAMPLER = `
const { parentPort } = require("node:worker_threads");
let peak = 0;
const sample = () => { const rss = process.memoryUsage.rss(); if (rss > peak) peak = rss; };
setInterval(sample, 20);
parentPort.on("message", (message) => {
  sample();
  if (message === "reset") peak = 0, sample();
  parentPort.postMessage(peak);
});`;

class MemorySampler {
  private readonly worker = new Worker(SAMPLER, { eval: true });
  private ask(message: "reset" | "peak"): Promise<number> {
    return new Promise((resolve) => {
      this.worker.once("message", resolve);
      this.worker.postMessage(message);
    });
  }
  async start(): Promise<number> {
    await this.ask("reset");
    return process.memoryUsage.rss();
  }
  peak(): Promise<number> {
    return this.ask("peak");
  }
  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

interface Phase {
  phase: string;
  seconds: number;
  startRssMiB: number;
  peakRssMiB: number;
  increaseMiB: number;
  /** Sub-steps of the phase, in seconds. */
  steps?: Record<string, number>;
}

const MiB = 1024 * 1024;

async function phase<T>(sampler: MemorySampler, name: string, work: (steps: Record<string, number>) => Promise<T>): Promise<{ result: T; phase: Phase }> {
  global.gc?.();
  const startRss = await sampler.start();
  const steps: Record<string, number> = {};
  const started = performance.now();
  const result = await work(steps);
  const seconds = (performance.now() - started) / 1000;
  const peak = await sampler.peak();
  const round = (value: number) => Math.round((value / MiB) * 10) / 10;
  const measured: Phase = { phase: name, seconds, startRssMiB: round(startRss), peakRssMiB: round(peak), increaseMiB: round(peak - startRss) };
  if (Object.keys(steps).length > 0) measured.steps = steps;
  console.log(`  ${name}: ${seconds.toFixed(2)} s, peak RSS ${measured.peakRssMiB} MiB (+${measured.increaseMiB} MiB)`);
  return { result, phase: measured };
}

async function step<T>(steps: Record<string, number>, name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  steps[name] = Math.round(performance.now() - started) / 1000;
  return result;
}

// ---------------------------------------------------------------------------------------------

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

async function openBenchDatabase(options: Options): Promise<Database> {
  if (options.engine === "pglite") {
    const db = await openDatabase({ pgliteDir: "memory://" });
    onCleanup("close PGlite", () => db.close());
    return db;
  }
  const database = await createPostgresDatabase(POSTGRES_URL).catch((error: Error) => {
    throw new Error(`PostgreSQL at ${redact(POSTGRES_URL)} is unreachable: ${error.message} (set BENCH_DATABASE_URL, or use --engine pglite)`);
  });
  onCleanup(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL: temporary database ${database.name} on ${redact(POSTGRES_URL)}`);
  const db = await openDatabase({ url: database.url, poolSize: 4 });
  onCleanup("close the pool", () => db.close());
  return db;
}

/** A workspace, categories and an account holding `data.existing` transactions. */
async function prepare(db: Database, data: ReturnType<typeof generate>) {
  await applyMigrations(db.sql, await readMigrations());
  const currencies = await ensureCurrencies(db);
  const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
  const row = await db.prisma.workspace.create({ data: { name: "Bench imports", homeCurrencyId: currencies.get("EUR")!, timezone: "Europe/Berlin" } });
  const workspace: WorkspaceRef = { id: row.id, timezone: row.timezone, homeCurrencyId: row.homeCurrencyId, plan: "free" };
  await db.prisma.category.createMany({ data: CATEGORY_NAMES.map((name) => ({ workspaceId: workspace.id, name })) });
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: workspace.id, name: "Bench Checking" } });
  const account = await db.prisma.account.create({
    data: { workspaceId: workspace.id, walletId: wallet.id, currencyId: workspace.homeCurrencyId, openingBalance: "1000.00", openingBalanceDate: dayToDate("2024-12-31") },
  });
  for (let offset = 0; offset < data.existing.length; offset += 5_000) {
    const batch = data.existing.slice(offset, offset + 5_000);
    await db.sql.query(
      `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, counterparty, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, CASE WHEN a < 0 THEN 'expense' ELSE 'income' END::"TransactionType", d, a, t, c, now(), now()
         FROM unnest($4::date[], $5::numeric[], $6::text[], $7::text[]) AS u(d, a, t, c)`,
      [workspace.id, account.id, account.currencyId, batch.map((r) => r.date), batch.map((r) => r.amount), batch.map((r) => r.description), batch.map((r) => r.counterparty)],
    );
  }
  if (db.kind === "postgres") await db.sql.exec("ANALYZE");
  return { workspace, userId: user.id, accountId: account.id };
}

async function main(options: Options): Promise<void> {
  const startedAt = new Date();
  const data = generate({ rows: options.rows, existing: options.existing, start: START_DAY, days: DAYS, repeatEvery: REPEAT_EVERY, seed: 20261121 });
  const bytes = data.csv;
  const fileName = "statement-2025.csv";
  const file = { name: fileName, bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  console.log(
    `CSV: ${options.rows.toLocaleString("en-US")} rows, ${(bytes.length / MiB).toFixed(2)} MiB, ${data.firstDay}..${data.lastDay}; ` +
      `account holds ${options.existing.toLocaleString("en-US")} transactions in the same range, ${data.repeated.toLocaleString("en-US")} of them repeated in the file`,
  );

  const db = await openBenchDatabase(options);
  const { workspace, userId, accountId } = await prepare(db, data);
  const sampler = new MemorySampler();
  onCleanup("stop the memory sampler", () => sampler.stop());
  const phases: Phase[] = [];

  // Baseline: papaparse alone on the decoded text.
  const text = new TextDecoder("utf-8").decode(bytes);
  const baseline = await phase(sampler, "baseline Papa.parse(header: true)", async () => Papa.parse<Record<string, string>>(text, { header: true, delimiter: ";", skipEmptyLines: true }));
  if (baseline.result.errors.length > 0) throw new Error(`papaparse: ${baseline.result.errors[0]?.message}`);
  phases.push(baseline.phase);
  const baselineRows = baseline.result.data.length;
  baseline.result.data.length = 0;

  // Upload: parse + preview + the job row.
  const upload = await phase(sampler, "upload parseStatementFile + createImport", async (steps) => {
    const parsed = await step(steps, "parseStatementFile", () => parseStatementFile(bytes, fileName, { defaultCurrencyCode: "EUR" }));
    return step(steps, "createImport", () => createImport({ db: db.prisma, workspace, userId, sideEffects: new SideEffects() }, { accountId, file, parsed }));
  });
  phases.push(upload.phase);
  const attributes = upload.result.attributes;
  const states: Record<string, number> = {};
  for (const row of attributes.preview) states[row.state] = (states[row.state] ?? 0) + 1;
  console.log(`  preview: ${attributes.total_rows.toLocaleString("en-US")} rows, ${JSON.stringify(states)}`);

  // Confirm: queued, then the worker books the rows.
  const confirm = await phase(sampler, "confirm confirmImport + drainImports", async (steps) => {
    await step(steps, "confirmImport", () => confirmImport({ db: db.prisma, workspace, sideEffects: new SideEffects() }, upload.result.id, { skipDuplicates: true }));
    const completed = await step(steps, "drainImports", () => drainImports(db));
    if (completed !== 1) throw new Error(`drainImports completed ${completed} imports, expected 1`);
  });
  phases.push(confirm.phase);
  const job = await db.prisma.importJob.findUniqueOrThrow({ where: { id: upload.result.id } });
  if (job.status !== "completed") throw new Error(`the import ended ${job.status}: ${job.errorMessage}`);
  const booked = job.importedCount ?? 0;

  // Where the upload's time goes: the duplicate query (EXPLAIN ANALYZE) and detectDuplicates alone.
  const diagnostics = await diagnose(db, accountId, data, upload.result.id);
  const scoring = timeColumnScoring(text, upload.phase.steps?.parseStatementFile ?? 0);

  const ratio = upload.phase.seconds / baseline.phase.seconds;
  const rowsPerSecond = booked / confirm.phase.seconds;
  const report = {
    bench: "import",
    startedAt: startedAt.toISOString(),
    engine: options.engine,
    file: { rows: options.rows, bytes: bytes.length, mib: Math.round((bytes.length / MiB) * 100) / 100, baselineRows },
    existingTransactions: options.existing,
    repeatedInFile: data.repeated,
    preview: states,
    booked,
    targets: { maxUploadRatio: TARGET_RATIO, minConfirmRowsPerSecond: TARGET_ROWS_PER_SECOND },
    results: {
      uploadSeconds: upload.phase.seconds,
      baselineSeconds: baseline.phase.seconds,
      ratio,
      ratioPass: ratio <= TARGET_RATIO,
      confirmSeconds: confirm.phase.seconds,
      confirmRowsPerSecond: rowsPerSecond,
      confirmPass: rowsPerSecond >= TARGET_ROWS_PER_SECOND,
      scoringMs: scoring.scoringMs,
      parseWithoutScoringMs: scoring.restMs,
      scoringShare: scoring.share,
      scoringPass: scoring.share < TARGET_SCORING_SHARE,
    },
    phases,
    diagnostics,
    machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? null, node: process.version, platform: `${os.platform()} ${os.release()}` },
  };
  print(report);
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const out = path.join(dir, `import-${startedAt.toISOString().slice(0, 19).replace(/:/g, "-")}-${options.engine}.json`);
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(ROOT, out)}`);
}

/**
 * The column scoring alone, on the sample the parser judges columns on, against the rest of the
 * parse: what reading columns by content adds to reading the file (`parseSeconds` from the upload).
 */
function timeColumnScoring(text: string, parseSeconds: number) {
  const records = readRecords(normaliseLineEndings(text), ";");
  const table = findTable(records);
  const data = records.slice(table.dataStart).map((r) => ({ ...r, cells: r.cells.map((c) => c.trim()) }));
  const { sample, width } = tableSample(data);
  const names = (records[table.headerIndex ?? 0]?.cells ?? []).map((c) => normaliseHeader(c).name);
  const named = mapColumnsByName(names, sample);
  // The content alone, as for a header in unknown words: every pairing is tried, the dearest case.
  const blind = mapColumnsByName([], sample);
  const started = performance.now();
  for (let i = 0; i < SCORING_RUNS; i++) {
    settleColumns({ map: named, sample, names, width, locked: new Set() });
    settleColumns({ map: blind, sample, names: names.map(() => ""), width, locked: new Set() });
  }
  const scoringMs = (performance.now() - started) / SCORING_RUNS / 2;
  const restMs = parseSeconds * 1000 - scoringMs;
  return { scoringMs, restMs, share: scoringMs / restMs };
}

async function diagnose(db: Database, accountId: string, data: ReturnType<typeof generate>, jobId: string) {
  // The query buildPreview's findMany issues (same filter and columns), before the booking added rows.
  const plan = await db.sql.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT id, date, amount, description, external_id FROM transactions
      WHERE account_id = $1 AND date >= $2::date - 3 AND date <= $3::date + 3 AND (import_job_id IS NULL OR import_job_id <> $4)`,
    [accountId, data.firstDay, data.lastDay, jobId],
  );
  const preview = await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId }, select: { preview: true } });
  const previewJsonBytes = Buffer.byteLength(JSON.stringify(preview.preview));
  // detectDuplicates alone on a slice of the file against all existing transactions: its cost per row.
  const existing = data.existing.map((r, i) => ({ id: `t${i}`, date: r.date, amount: r.amount, currencyCode: "EUR", description: r.description, externalId: null }));
  const sliceRows = data.existing.length === 0 ? 0 : 200;
  const parsed = await parseStatementFile(data.csv, "x.csv", { defaultCurrencyCode: "EUR" });
  const candidates = parsed.statements[0]!.transactions.slice(0, sliceRows).map((row) => ({ ...row, currencyCode: "EUR" }));
  const started = performance.now();
  detectDuplicates(candidates, existing);
  const sliceMs = performance.now() - started;
  return {
    duplicateQueryPlan: plan.map((row) => row["QUERY PLAN"]),
    previewJsonMiB: Math.round((previewJsonBytes / MiB) * 100) / 100,
    detectDuplicates: { rows: sliceRows, existing: existing.length, ms: Math.round(sliceMs), msPerRow: sliceRows ? sliceMs / sliceRows : 0 },
  };
}

function print(report: {
  engine: string;
  file: { rows: number; mib: number };
  existingTransactions: number;
  booked: number;
  results: {
    uploadSeconds: number; baselineSeconds: number; ratio: number; ratioPass: boolean; confirmSeconds: number; confirmRowsPerSecond: number;
    confirmPass: boolean; scoringMs: number; parseWithoutScoringMs: number; scoringShare: number; scoringPass: boolean;
  };
  phases: Phase[];
  diagnostics: { duplicateQueryPlan: string[]; previewJsonMiB: number; detectDuplicates: { rows: number; existing: number; ms: number; msPerRow: number } };
}): void {
  const r = report.results;
  console.log(
    `\n${report.engine === "postgres" ? "PostgreSQL" : "PGlite"}: ${report.file.rows.toLocaleString("en-US")} rows (${report.file.mib} MiB), ` +
      `${report.existingTransactions.toLocaleString("en-US")} existing transactions; ${os.availableParallelism()} cores, Node ${process.version}`,
  );
  const rows = [
    ["upload + preview vs papaparse", `${r.uploadSeconds.toFixed(2)} s vs ${r.baselineSeconds.toFixed(2)} s = ${r.ratio.toFixed(1)}x`, `<= ${TARGET_RATIO}x`, r.ratioPass ? "PASS" : "MISS"],
    [
      "column scoring vs the rest of the parse",
      `${r.scoringMs.toFixed(2)} ms vs ${r.parseWithoutScoringMs.toFixed(0)} ms = +${(r.scoringShare * 100).toFixed(2)}%`,
      `< ${TARGET_SCORING_SHARE * 100}%`,
      r.scoringPass ? "PASS" : "MISS",
    ],
    ["confirm throughput", `${Math.round(r.confirmRowsPerSecond).toLocaleString("en-US")} rows/s (${report.booked.toLocaleString("en-US")} rows in ${r.confirmSeconds.toFixed(2)} s)`, `>= ${TARGET_ROWS_PER_SECOND.toLocaleString("en-US")} rows/s`, r.confirmPass ? "PASS" : "MISS"],
  ];
  const header = ["what", "measured", "target", "result"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
  console.log("\nphase                                      seconds  peak RSS MiB  increase MiB  steps");
  for (const p of report.phases) {
    const steps = p.steps ? Object.entries(p.steps).map(([name, s]) => `${name} ${s.toFixed(2)} s`).join(", ") : "";
    console.log(`${p.phase.padEnd(42)} ${p.seconds.toFixed(2).padStart(7)}  ${String(p.peakRssMiB).padStart(12)}  ${String(p.increaseMiB).padStart(12)}  ${steps}`);
  }
  const d = report.diagnostics;
  console.log(
    `\ndetectDuplicates alone: ${d.detectDuplicates.rows} rows x ${d.detectDuplicates.existing.toLocaleString("en-US")} existing = ${d.detectDuplicates.ms} ms ` +
      `(${d.detectDuplicates.msPerRow.toFixed(2)} ms/row); preview JSON stored on the job: ${d.previewJsonMiB} MiB`,
  );
  console.log(`duplicate query plan:\n  ${d.duplicateQueryPlan.join("\n  ")}`);
}

const options = parseOptions(process.argv.slice(2));
try {
  await main(options);
} catch (error) {
  console.error(`\nbench:import failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
