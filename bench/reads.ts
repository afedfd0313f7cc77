/**
 * npm run bench:reads [-- --engine pglite] [--server next]: requests/s and p50/p99 latency of two
 * read endpoints of the built app on the demo workspace seeded with 100k transactions, next to a
 * bare node:http server answering the same JSON bytes, measured the same way in the same run.
 *
 *   endpoint 6   GET /api/v1/programmatic/categories
 *   endpoint 10  GET /api/v1/programmatic/wallets/{id}   (the demo's "Everyday Checking")
 *   health       GET /api/v1/health: no token, one trivial query; the floor of any request's cost
 *
 * The app runs as `npm start` runs it (scripts/serve.ts: REST operations answered directly), or
 * with `--server next` under `next start` (every request through Next's routing), to compare.
 *
 * Targets: the app reaches >= 30% of the baseline's requests/s, and its p99 is < 20 ms, at 32
 * connections. Each endpoint: 3 s warm-up, then 10 s measured (autocannon, keep-alive).
 *
 * Database: PostgreSQL by default (a temporary database on BENCH_DATABASE_URL ??
 * TEST_DATABASE_URL ?? postgres://postgres@127.0.0.1:5432/test), or `--engine pglite` (a
 * temporary PGLITE_DIR). The demo is seeded from this process, then the server starts on it with
 * SEED_ON_EMPTY=false (`--analyze` runs VACUUM ANALYZE first: the seed leaves the planner without
 * statistics, and PGlite has no autovacuum). Needs `npm run build` first. Everything it starts or
 * creates is removed afterwards, also on failure and Ctrl-C. Figures go to
 * bench/results/reads-<time>-<engine>.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { seedDemo } from "../prisma/seed";
import { openDatabase } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import { createPostgresDatabase } from "../server/db/testing";
import { ALL_SCOPES, createClient } from "../tests/http/client";
import { cleanUp, cleanUpOnSignals, isCleaningUp, onCleanup } from "./cleanup";
import type { BaselineMessage } from "./reads-baseline";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DEMO_EMAIL = "demo@example.com";
const DEMO_PASSWORD = "demo-password-1234";
const WALLET_NAME = "Everyday Checking";
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 20;

const USAGE = `Usage: npm run bench:reads [-- --engine postgres|pglite] [--server serve|next] [--analyze] [--transactions N] [--connections N] [--warmup S] [--duration S]
  --analyze   run VACUUM ANALYZE after seeding (planner statistics, as autovacuum would make them; the seed makes none)`;

interface Options {
  engine: "postgres" | "pglite";
  /** scripts/serve.ts (as npm start) or `next start`. */
  server: "serve" | "next";
  /** VACUUM ANALYZE after seeding. */
  analyze: boolean;
  transactions: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

interface Load {
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** autocannon's own (whole-millisecond) percentiles, as a cross-check. */
  autocannonP50Ms: number;
  autocannonP99Ms: number;
  bytesPerResponse: number;
}

interface EndpointResult {
  endpoint: string;
  /** False for the reference row (health), which has no target of its own. */
  targeted: boolean;
  path: string;
  app: Load;
  baseline: Load;
  ratio: number;
  ratioPass: boolean;
  p99Pass: boolean;
}

function parseOptions(argv: string[]): Options {
  const number = (text: string | undefined, fallback: number, name: string) => {
    if (text === undefined) return fallback;
    const value = Number(text.replace(/[_,]/g, ""));
    if (!Number.isInteger(value) || value < 1) {
      console.error(`--${name} must be a positive whole number (got "${text}")\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        engine: { type: "string", default: "postgres" },
        server: { type: "string", default: "serve" },
        analyze: { type: "boolean", default: false },
        transactions: { type: "string" },
        connections: { type: "string" },
        warmup: { type: "string" },
        duration: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.engine !== "postgres" && values.engine !== "pglite") {
    console.error(`--engine must be postgres or pglite (got "${String(values.engine)}")\n${USAGE}`);
    process.exit(2);
  }
  if (values.server !== "serve" && values.server !== "next") {
    console.error(`--server must be serve or next (got "${String(values.server)}")\n${USAGE}`);
    process.exit(2);
  }
  return {
    engine: values.engine,
    server: values.server,
    analyze: values.analyze === true,
    transactions: number(values.transactions as string | undefined, Number(process.env.BENCH_TRANSACTIONS ?? 100_000), "transactions"),
    connections: number(values.connections as string | undefined, 32, "connections"),
    warmupSeconds: number(values.warmup as string | undefined, 3, "warmup"),
    durationSeconds: number(values.duration as string | undefined, 10, "duration"),
  };
}

// ---------------------------------------------------------------------------------------------
// Clean-up (bench/cleanup.ts) undoes everything created in reverse order. Child processes run in
// their own process group, so the whole group (next start and anything it forks) is signalled; a
// last synchronous SIGKILL on exit.

const children = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signalGroup(child, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  // Whatever is left of the group (the leader, or processes it forked).
  signalGroup(child, "SIGKILL");
  children.delete(child);
}

function startChild(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; ipc?: boolean }): ChildProcess {
  if (isCleaningUp()) throw new Error("interrupted");
  const child = spawn(command, args, {
    cwd: ROOT,
    env: options.env ?? process.env,
    detached: true, // own process group: a terminal's Ctrl-C reaches us, and we stop the children
    stdio: options.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  onCleanup(`process ${child.pid}`, () => stopChild(child));
  return child;
}

/** Temporary directories, also removed synchronously if the process exits before the clean-up ran. */
const tempDirs = new Set<string>();

process.on("exit", () => {
  for (const child of children) signalGroup(child, "SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
cleanUpOnSignals("stopping the children and removing the temporary database...");

// ---------------------------------------------------------------------------------------------
// Database and server

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function seed(options: Options, target: { url?: string; pgliteDir?: string }): Promise<void> {
  const started = performance.now();
  const db = await openDatabase(target);
  try {
    await applyMigrations(db.sql, await readMigrations());
    const summary = await seedDemo(db, { transactions: options.transactions });
    if (options.analyze) await db.sql.exec("VACUUM ANALYZE");
    console.log(
      `Seeded the demo on ${db.kind}: ${summary.counts.transactions.toLocaleString("en-US")} transactions, ` +
        `${summary.counts.categories} categories, ${summary.counts.wallets} wallets, history ending ${summary.today}` +
        `${options.analyze ? ", then VACUUM ANALYZE" : ""} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await db.close();
  }
}

/** A database with the demo: its environment for the server. */
async function prepareDatabase(options: Options): Promise<Record<string, string>> {
  if (options.engine === "postgres") {
    const database = await createPostgresDatabase(POSTGRES_URL).catch((error: Error) => {
      throw new Error(`PostgreSQL at ${redact(POSTGRES_URL)} is unreachable: ${error.message} (set BENCH_DATABASE_URL, or use --engine pglite)`);
    });
    onCleanup(`drop database ${database.name}`, () => database.drop());
    console.log(`PostgreSQL: temporary database ${database.name} on ${redact(POSTGRES_URL)}`);
    await seed(options, { url: database.url });
    return { DATABASE_URL: database.url, PGLITE_DIR: "memory://" };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "pfa-bench-reads-pglite-"));
  tempDirs.add(dir);
  onCleanup(`remove ${dir}`, async () => {
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  console.log(`PGlite: temporary directory ${dir}`);
  await seed(options, { pgliteDir: dir });
  return { DATABASE_URL: "", PGLITE_DIR: dir };
}

async function startApp(databaseEnv: Record<string, string>, server: Options["server"]): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const command =
    server === "serve"
      ? ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "--port", String(port), "--host", "127.0.0.1"]
      : ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = startChild(process.execPath, command, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      SEED_ON_EMPTY: "false",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ...databaseEnv,
    },
  });
  let output = "";
  const capture = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", capture);
  child.stderr?.on("data", capture);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.status === 200) {
        // From here on, anything the server writes (LOG_LEVEL=warn) is worth seeing.
        child.stdout?.off("data", capture);
        child.stderr?.off("data", capture);
        child.stdout?.on("data", (chunk: Buffer) => process.stderr.write(`[app] ${chunk}`));
        child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[app] ${chunk}`));
        return baseUrl;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy in 120 s:\n${output}`);
}

async function startBaseline(routes: BaselineMessage["routes"]): Promise<string> {
  const child = startChild(process.execPath, ["--import", "tsx", path.join(ROOT, "bench", "reads-baseline.ts")], { ipc: true });
  child.stdout?.on("data", (chunk: Buffer) => process.stderr.write(`[baseline] ${chunk}`));
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[baseline] ${chunk}`));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the baseline server did not start in 30 s")), 30_000);
    child.once("message", (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the baseline server exited with ${code}`));
    });
    child.send({ routes } satisfies BaselineMessage);
  });
  return `http://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/** Keep-alive load at `connections`; fails on any non-2xx answer, connection error or timeout. */
function load(url: string, token: string | undefined, seconds: number, connections: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    let bytes = 0;
    const failures = new Map<string, number>();
    const instance = autocannon(
      // A slow answer is a latency to measure, not a failure: far beyond autocannon's default 10 s.
      { url, connections, duration: seconds, timeout: 120, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (error, result) => {
        if (error) return reject(error);
        const problems = [...failures].map(([what, times]) => `${times} x ${what}`);
        if (result.non2xx > 0 && failures.size === 0) problems.push(`${result.non2xx} non-2xx`);
        if (result.errors > 0) problems.push(`${result.errors} connection errors`);
        if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
        if (problems.length > 0) return reject(new Error(`${url}: ${problems.join(", ")} (every answer must be 2xx)`));
        if (count === 0) return reject(new Error(`${url}: no answers in ${seconds} s`));
        const sorted = latencies.slice(0, count).sort();
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          requests: result.requests.total,
          seconds: result.duration,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          maxMs: sorted[count - 1] ?? Number.NaN,
          autocannonP50Ms: result.latency.p50,
          autocannonP99Ms: result.latency.p99,
          bytesPerResponse: Math.round(bytes / count),
        });
      },
    );
    instance.on("response", (_client, statusCode, resBytes, responseTime) => {
      if (statusCode < 200 || statusCode > 299) {
        const what = `HTTP ${statusCode}`;
        failures.set(what, (failures.get(what) ?? 0) + 1);
        return;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
      bytes += resBytes;
    });
  });
}

/**
 * autocannon drops the requests still in flight when a run ends, but the server goes on working
 * on them. One more request queues behind that backlog: once it is answered, the next run starts
 * on an idle server (and the baseline is not measured while the app still uses the CPU).
 */
async function drain(url: string, token: string | undefined): Promise<void> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} after the load`);
}

async function measure(label: string, url: string, token: string | undefined, options: Options): Promise<Load> {
  process.stdout.write(`  ${label}: warm-up ${options.warmupSeconds} s, `);
  await load(url, token, options.warmupSeconds, options.connections);
  await drain(url, token);
  process.stdout.write(`measuring ${options.durationSeconds} s at ${options.connections} connections... `);
  const result = await load(url, token, options.durationSeconds, options.connections);
  await drain(url, token);
  console.log(`${Math.round(result.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Output

function print(results: EndpointResult[], options: Options): void {
  const ms = (value: number) => value.toFixed(2);
  const rate = (value: number) => Math.round(value).toLocaleString("en-US");
  const rows = results.map((r) => [
    r.endpoint,
    rate(r.app.requestsPerSecond),
    rate(r.baseline.requestsPerSecond),
    `${(r.ratio * 100).toFixed(1)}%`,
    ms(r.app.p50Ms),
    ms(r.app.p99Ms),
    ms(r.baseline.p50Ms),
    ms(r.baseline.p99Ms),
    r.targeted ? (r.ratioPass ? "PASS" : "MISS") : "-",
    r.targeted ? (r.p99Pass ? "PASS" : "MISS") : "-",
  ]);
  const header = ["endpoint", "app req/s", "base req/s", "ratio", "app p50", "app p99", "base p50", "base p99", ">=30%", "p99<20ms"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column >= 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join("  ");
  console.log("");
  console.log(
    `${options.engine === "postgres" ? "PostgreSQL" : "PGlite"}${options.analyze ? " (analyzed)" : ""}, ${options.server === "serve" ? "scripts/serve.ts" : "next start"}, ` +
      `${options.transactions.toLocaleString("en-US")} transactions, ` +
      `${options.connections} connections, ${options.durationSeconds} s per measurement (latencies in ms); ` +
      `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
  );
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
  const targeted = results.filter((r) => r.targeted);
  const missed = targeted.filter((r) => !r.ratioPass || !r.p99Pass).length;
  console.log(
    missed === 0
      ? `\nPASS: every endpoint reaches >= ${TARGET_RATIO * 100}% of the baseline's requests/s with p99 < ${TARGET_P99_MS} ms.`
      : `\nMISS: ${missed} of ${targeted.length} endpoints miss a target (>= ${TARGET_RATIO * 100}% of the baseline's requests/s, p99 < ${TARGET_P99_MS} ms).`,
  );
}

async function writeResults(results: EndpointResult[], options: Options, startedAt: Date): Promise<string> {
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, "-");
  const file = path.join(dir, `reads-${stamp}-${options.engine}-${options.server}${options.analyze ? "-analyzed" : ""}.json`);
  const report = {
    bench: "reads",
    startedAt: startedAt.toISOString(),
    engine: options.engine,
    server: options.server,
    analyzed: options.analyze,
    transactions: options.transactions,
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
    targets: { minRatio: TARGET_RATIO, maxAppP99Ms: TARGET_P99_MS },
    machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? null, node: process.version, platform: `${os.platform()} ${os.release()}` },
    endpoints: results,
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

// ---------------------------------------------------------------------------------------------

async function main(options: Options): Promise<void> {
  const startedAt = new Date();
  const databaseEnv = await prepareDatabase(options);
  const baseUrl = await startApp(databaseEnv, options.server);
  console.log(`the app (${options.server === "serve" ? "scripts/serve.ts" : "next start"}) is up at ${baseUrl}`);

  const client = createClient(baseUrl);
  const session = await client.signIn(DEMO_EMAIL, DEMO_PASSWORD);
  const { token } = await client.createToken(session, ALL_SCOPES);
  const wallets = await client.call("GET", "/api/v1/programmatic/wallets?limit=200", { token });
  if (wallets.status !== 200) throw new Error(`listing the wallets failed: ${wallets.status} ${JSON.stringify(wallets.body)}`);
  const wallet = (wallets.body.data as Array<{ id: string; attributes: { name: string } }>).find((item) => item.attributes.name === WALLET_NAME);
  if (!wallet) throw new Error(`the demo has no wallet named "${WALLET_NAME}"`);

  const endpoints = [
    { endpoint: "6 categories", path: "/api/v1/programmatic/categories", authorized: true },
    { endpoint: "10 wallet", path: `/api/v1/programmatic/wallets/${wallet.id}`, authorized: true },
    { endpoint: "health", path: "/api/v1/health", authorized: false },
  ];
  // The exact bytes and content-type of the app's answers, for the baseline to serve.
  const routes: BaselineMessage["routes"] = [];
  for (const { path: urlPath } of endpoints) {
    const response = await fetch(`${baseUrl}${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET ${urlPath}: ${response.status} ${body.toString()}`);
    routes.push({ path: urlPath, contentType: response.headers.get("content-type") ?? "application/json", body: body.toString("base64") });
    console.log(`GET ${urlPath}: 200, ${body.length.toLocaleString("en-US")} bytes of ${response.headers.get("content-type")}`);
  }
  const baselineUrl = await startBaseline(routes);
  console.log(`baseline node:http server is up at ${baselineUrl}`);

  const results: EndpointResult[] = [];
  for (const { endpoint, path: urlPath, authorized } of endpoints) {
    console.log(`endpoint ${endpoint}: GET ${urlPath}`);
    const app = await measure("app     ", `${baseUrl}${urlPath}`, authorized ? token : undefined, options);
    const baseline = await measure("baseline", `${baselineUrl}${urlPath}`, undefined, options);
    const ratio = app.requestsPerSecond / baseline.requestsPerSecond;
    results.push({
      endpoint,
      targeted: authorized,
      path: urlPath,
      app,
      baseline,
      ratio,
      ratioPass: ratio >= TARGET_RATIO,
      p99Pass: app.p99Ms < TARGET_P99_MS,
    });
  }
  print(results, options);
  console.log(`\nFigures written to ${path.relative(ROOT, await writeResults(results, options, startedAt))}`);
}

const options = parseOptions(process.argv.slice(2));
if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
  console.error("bench:reads measures the production build, and there is none (.next/BUILD_ID is missing): run `npm run build` first.");
  process.exit(1);
}
try {
  await main(options);
} catch (error) {
  console.error(`\nbench:reads failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
// Keep-alive sockets of fetch and autocannon must not hold the process open.
process.exit();
