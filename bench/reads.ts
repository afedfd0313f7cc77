/**
 * npm run bench:reads [-- --engine pglite] [--server next]: requests/s and p50/p99 latency of three
 * read endpoints of the built app on the demo workspace seeded with 100k transactions, next to the
 * floor any implementation of the contract must pay, measured the same way in the same run.
 *
 *   endpoint 6   GET /api/v1/programmatic/categories
 *   endpoint 10  GET /api/v1/programmatic/wallets/{id}   (the demo's "Everyday Checking")
 *   endpoint 13  GET /api/v1/programmatic/accounts
 *   health       GET /api/v1/health: no token, SELECT 1
 *
 * Baselines (bench/reads-baseline.ts), each its own process:
 * - floor: a plain node:http server on the app's database client (the app's pool size,
 *   DATABASE_POOL_MAX, which the app is started with too) that does per request what the contract
 *   forces and nothing else, then sends the app's bytes (its body, with its content-type): for the
 *   endpoints, the app's PAT check (authenticatePat: one credential + user + workspace +
 *   membership query on the token's SHA-256) and the workspace data-version query
 *   (workspaceDataVersion); for health, `SELECT 1`. On PostgreSQL it uses the app's database; on
 *   PGlite a copy of the seeded data directory (one process per PGlite directory).
 * - node:http: the same bytes with no database at all; context, no target.
 *
 * Targets (issue 18), at 32 connections, for the app against its floor: endpoints 6, 10 and 13
 * each >= 60% of the floor's requests/s and p99 <= 2x the floor's p99; health (issue 29) >= 70% of the
 * node:http + SELECT 1 floor. Each server and endpoint: 3 s warm-up, then 10 s measured
 * (autocannon, keep-alive, the same connections and the same request, token included).
 *
 * The app runs as `npm start` runs it (scripts/serve.ts: REST operations answered directly), or
 * with `--server next` under `next start` (every request through Next's routing), to compare.
 *
 * Database: PostgreSQL by default (a temporary database on BENCH_DATABASE_URL ??
 * TEST_DATABASE_URL ?? postgres://postgres@127.0.0.1:5432/test), or `--engine pglite` (a
 * temporary PGLITE_DIR). The demo is seeded from this process, with the token the load uses
 * (made here, so the PGlite copy holds it too), then the server starts on it with
 * SEED_ON_EMPTY=false (`--analyze` runs VACUUM ANALYZE first: the seed leaves the planner without
 * statistics, and PGlite has no autovacuum). Needs `npm run build` first. Everything it starts or
 * creates is removed afterwards, also on failure and Ctrl-C. Figures go to
 * bench/results/reads-<time>-<engine>-<server>.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { DEMO_EMAIL, seedDemo } from "../prisma/seed";
import { openDatabase, type Db } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import { createPostgresDatabase } from "../server/db/testing";
import type { SessionCaller } from "../server/domain/identity/authenticate";
import { createCredential } from "../server/domain/identity/credentials";
import { SCOPES } from "../server/domain/identity/scopes";
import { createClient } from "../tests/http/client";
import { cleanUp, cleanUpOnSignals, isCleaningUp, onCleanup } from "./cleanup";
import type { BaselineMessage, BaselineRoute } from "./reads-baseline";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The app's pool (server/env.ts DATABASE_POOL_MAX, default 10): the app is started with it, and the floor uses it. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_MAX ?? 10);
const WALLET_NAME = "Everyday Checking";
/** The app's requests/s at least this share of the floor's. */
const TARGET_RATIO = 0.6;
/** Health against node:http + SELECT 1 (issue 29; it was 60% with the endpoints before). */
const HEALTH_TARGET_RATIO = 0.7;
/** The app's p99 at most this many times the floor's (endpoints; health has the ratio target only). */
const TARGET_P99_FACTOR = 2;

const ENDPOINT_KEYS = ["6", "10", "13", "health"] as const;
type EndpointKey = (typeof ENDPOINT_KEYS)[number];

const USAGE = `Usage: npm run bench:reads [-- --engine postgres|pglite] [--server serve|next] [--analyze] [--transactions N] [--connections N] [--warmup S] [--duration S] [--only 6,10,13,health] [--cpu-profile DIR]
  --analyze      run VACUUM ANALYZE after seeding (planner statistics, as autovacuum would make them; the seed makes none)
  --only         measure these endpoints only (comma-separated: ${ENDPOINT_KEYS.join(", ")})
  --cpu-profile  write the app's CPU profile (node --cpu-prof, all of its load) to DIR: open it in Chrome's DevTools`;

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
  only: ReadonlySet<EndpointKey>;
  /** Where the app's CPU profile goes; none when undefined. */
  cpuProfileDir: string | undefined;
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
  /** CPU time (user + system) the server process spent per answered request, in µs; null where /proc is not readable. */
  cpuMicrosPerRequest: number | null;
}

interface EndpointResult {
  endpoint: string;
  path: string;
  app: Load;
  /** What the contract forces (the PAT check and the data version, or SELECT 1), then the app's bytes. */
  floor: Load;
  /** node:http with the app's bytes and no database: context, no target. */
  bare: Load;
  /** app requests/s / floor requests/s. */
  ratio: number;
  ratioPass: boolean;
  /** app p99 / floor p99. */
  p99Factor: number;
  /** Null where there is no p99 target (health). */
  p99Pass: boolean | null;
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
        only: { type: "string" },
        "cpu-profile": { type: "string" },
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
  const only = String(values.only ?? ENDPOINT_KEYS.join(","))
    .split(",")
    .map((key) => key.trim());
  const unknown = only.filter((key) => !(ENDPOINT_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0 || only.length === 0) {
    console.error(`--only takes endpoints among ${ENDPOINT_KEYS.join(", ")} (got "${unknown.join(",")}")\n${USAGE}`);
    process.exit(2);
  }
  return {
    engine: values.engine,
    server: values.server,
    analyze: values.analyze === true,
    transactions: number(
      values.transactions as string | undefined,
      Number(process.env.BENCH_TRANSACTIONS ?? 100_000),
      "transactions",
    ),
    connections: number(values.connections as string | undefined, 32, "connections"),
    warmupSeconds: number(values.warmup as string | undefined, 3, "warmup"),
    durationSeconds: number(values.duration as string | undefined, 10, "duration"),
    only: new Set(only as EndpointKey[]),
    cpuProfileDir: values["cpu-profile"] === undefined ? undefined : path.resolve(String(values["cpu-profile"])),
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

function startChild(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; ipc?: boolean },
): ChildProcess {
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
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The demo, and a token of the demo user with every scope: the load's token. */
async function seed(options: Options, target: { url?: string; pgliteDir?: string }): Promise<string> {
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
    return await createBenchToken(db, summary.userId, summary.workspaceId);
  } finally {
    await db.close();
  }
}

/**
 * Made here rather than through the app's endpoint 1, because on PGlite the floor reads a copy of
 * the data directory taken before the app starts. createCredential only reads the caller's user
 * and workspace; there is no session behind it.
 */
async function createBenchToken(db: Db, userId: string, workspaceId: string): Promise<string> {
  const workspace = await db.prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, timezone: true, homeCurrencyId: true, plan: true },
  });
  const caller: SessionCaller = {
    kind: "session",
    sessionId: "bench:reads",
    user: { id: userId, email: DEMO_EMAIL },
    workspace,
  };
  const { token } = await createCredential(db, caller, {
    name: "bench:reads",
    audience: "programmatic_api",
    scopes: [...SCOPES],
  });
  return token;
}

interface PreparedDatabase {
  /** The app's environment. */
  appEnv: Record<string, string>;
  /** The floor server's database. */
  floor: NonNullable<BaselineMessage["database"]>;
  token: string;
}

async function temporaryDirectory(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  onCleanup(`remove ${dir}`, async () => {
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  return dir;
}

/** A database with the demo and the token. */
async function prepareDatabase(options: Options): Promise<PreparedDatabase> {
  if (options.engine === "postgres") {
    const database = await createPostgresDatabase(POSTGRES_URL).catch((error: Error) => {
      throw new Error(
        `PostgreSQL at ${redact(POSTGRES_URL)} is unreachable: ${error.message} (set BENCH_DATABASE_URL, or use --engine pglite)`,
      );
    });
    onCleanup(`drop database ${database.name}`, () => database.drop());
    console.log(`PostgreSQL: temporary database ${database.name} on ${redact(POSTGRES_URL)}`);
    const token = await seed(options, { url: database.url });
    return {
      appEnv: { DATABASE_URL: database.url, PGLITE_DIR: "memory://" },
      floor: { url: database.url, poolSize: POOL_SIZE },
      token,
    };
  }
  const dir = await temporaryDirectory("pfa-bench-reads-pglite-");
  console.log(`PGlite: temporary directory ${dir}`);
  const token = await seed(options, { pgliteDir: dir });
  // One process per PGlite directory: the floor gets a copy of the closed, seeded one.
  const floorDir = await temporaryDirectory("pfa-bench-reads-pglite-floor-");
  await cp(dir, floorDir, { recursive: true });
  return { appEnv: { DATABASE_URL: "", PGLITE_DIR: dir }, floor: { pgliteDir: floorDir }, token };
}

/** A server under load: where to reach it, and its process (for its CPU time). */
interface Started {
  url: string;
  pid: number | undefined;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far; null where /proc is not there (not Linux). */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command may hold spaces and parentheses: the fields after the last ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

async function startApp(
  databaseEnv: Record<string, string>,
  server: Options["server"],
  cpuProfileDir: string | undefined,
): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The profile is written when the app exits (SIGTERM drains and exits in scripts/serve.ts).
  const profile = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const command =
    server === "serve"
      ? [...profile, "--import", "tsx", "scripts/serve.ts", "--port", String(port), "--host", "127.0.0.1"]
      : [...profile, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = startChild(process.execPath, command, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      SEED_ON_EMPTY: "false",
      RATE_LIMIT_PER_MINUTE: "100000000",
      DATABASE_POOL_MAX: String(POOL_SIZE),
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
        return { url: baseUrl, pid: child.pid };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy in 120 s:\n${output}`);
}

async function startBaseline(name: "floor" | "node:http", message: BaselineMessage): Promise<Started> {
  const child = startChild(
    process.execPath,
    ["--no-deprecation", "--import", "tsx", path.join(ROOT, "bench", "reads-baseline.ts")],
    { ipc: true },
  );
  child.stdout?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${name} server did not start in 60 s`)), 60_000);
    child.once("message", (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} server exited with ${code}`));
    });
    child.send(message);
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid };
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
          cpuMicrosPerRequest: null,
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

async function measure(
  label: string,
  server: Started,
  urlPath: string,
  token: string | undefined,
  options: Options,
): Promise<Load> {
  const url = `${server.url}${urlPath}`;
  process.stdout.write(`  ${label}: warm-up ${options.warmupSeconds} s, `);
  await load(url, token, options.warmupSeconds, options.connections);
  await drain(url, token);
  process.stdout.write(`measuring ${options.durationSeconds} s at ${options.connections} connections... `);
  const cpuBefore = cpuSeconds(server.pid);
  const result = await load(url, token, options.durationSeconds, options.connections);
  await drain(url, token);
  const cpuAfter = cpuSeconds(server.pid);
  // The requests autocannon dropped at the end were answered too (drain waited for them): counted as
  // answered, the figure is a little high, never low.
  result.cpuMicrosPerRequest =
    cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / (result.requests + 1);
  const cpu =
    result.cpuMicrosPerRequest === null ? "" : `, ${Math.round(result.cpuMicrosPerRequest)} µs of CPU per request`;
  console.log(
    `${Math.round(result.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms${cpu}`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// Output

function print(results: EndpointResult[], options: Options): void {
  const ms = (value: number) => value.toFixed(2);
  const rate = (value: number) => Math.round(value).toLocaleString("en-US");
  const micros = (value: number | null) => (value === null ? "-" : `${Math.round(value)} µs`);
  const verdict = (pass: boolean | null) => (pass === null ? "-" : pass ? "PASS" : "MISS");
  const rows = results.map((r) => [
    r.endpoint,
    rate(r.app.requestsPerSecond),
    rate(r.floor.requestsPerSecond),
    `${(r.ratio * 100).toFixed(1)}%`,
    verdict(r.ratioPass),
    ms(r.app.p50Ms),
    ms(r.floor.p50Ms),
    ms(r.app.p99Ms),
    ms(r.floor.p99Ms),
    `${r.p99Factor.toFixed(2)}x`,
    verdict(r.p99Pass),
    rate(r.bare.requestsPerSecond),
    ms(r.bare.p99Ms),
    micros(r.app.cpuMicrosPerRequest),
    micros(r.floor.cpuMicrosPerRequest),
  ]);
  const header = [
    "endpoint",
    "app req/s",
    "floor req/s",
    "app/floor",
    `>=${TARGET_RATIO * 100}% (health ${HEALTH_TARGET_RATIO * 100}%)`,
    "app p50",
    "floor p50",
    "app p99",
    "floor p99",
    "p99 app/floor",
    `<=${TARGET_P99_FACTOR}x`,
    "node:http req/s",
    "node:http p99",
    "app CPU/req",
    "floor CPU/req",
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column >= 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ");
  console.log("");
  console.log(
    `${options.engine === "postgres" ? "PostgreSQL" : "PGlite"}${options.analyze ? " (analyzed)" : ""}, ${options.server === "serve" ? "scripts/serve.ts" : "next start"}, ` +
      `${options.transactions.toLocaleString("en-US")} transactions, pool ${options.engine === "postgres" ? POOL_SIZE : "1 (PGlite)"}, ` +
      `${options.connections} connections, ${options.durationSeconds} s per measurement (latencies in ms); ` +
      `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
  );
  console.log(
    "floor: node:http doing what the contract forces (endpoints: the PAT check and the data-version query; health: SELECT 1), then the app's bytes; " +
      "node:http: the bytes alone (context, no target); CPU/req: CPU time of the server process per request (context: on a busy machine it moves less than requests/s)",
  );
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
  const misses = results.flatMap((r) => [
    ...(r.ratioPass ? [] : [`${r.endpoint} at ${(r.ratio * 100).toFixed(1)}% of the floor's requests/s`]),
    ...(r.p99Pass === false ? [`${r.endpoint} p99 ${r.p99Factor.toFixed(2)}x the floor's`] : []),
  ]);
  const targets =
    `endpoints >= ${TARGET_RATIO * 100}% of the floor's requests/s and p99 <= ${TARGET_P99_FACTOR}x the floor's; ` +
    `health >= ${HEALTH_TARGET_RATIO * 100}% of node:http + SELECT 1`;
  console.log(
    misses.length === 0
      ? `\nPASS: every target met (${targets}).`
      : `\nMISS: ${misses.join("; ")} (targets: ${targets}).`,
  );
}

async function writeResults(
  results: EndpointResult[],
  options: Options,
  startedAt: Date,
  handler: string,
): Promise<string> {
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, "-");
  const file = path.join(
    dir,
    `reads-${stamp}-${options.engine}-${options.server}${options.analyze ? "-analyzed" : ""}.json`,
  );
  const report = {
    bench: "reads",
    startedAt: startedAt.toISOString(),
    engine: options.engine,
    server: options.server,
    analyzed: options.analyze,
    transactions: options.transactions,
    connections: options.connections,
    poolSize: options.engine === "postgres" ? POOL_SIZE : 1,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
    /** The REST handler measured: the last commit touching it, and whether the working tree differs. */
    handler,
    targets: {
      minRatioOfFloor: TARGET_RATIO,
      healthMinRatioOfFloor: HEALTH_TARGET_RATIO,
      maxP99FactorOfFloor: TARGET_P99_FACTOR,
      p99TargetOn: ["6", "10", "13"],
    },
    machine: {
      cores: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? null,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    endpoints: results,
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/** Which REST handler is measured (read-only git): the last commit of server/http/rest-handler.ts, "+ changes" when the tree differs. */
async function handlerVersion(): Promise<string> {
  const git = (args: string[]) =>
    new Promise<string>((resolve) => {
      const child = spawn("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("close", () => resolve(out.trim()));
      child.on("error", () => resolve(""));
    });
  const file = "server/http/rest-handler.ts";
  const commit = await git(["log", "-1", "--format=%h", "--", file]);
  const changed = (await git(["--no-optional-locks", "diff", "--name-only", "HEAD", "--", file])) !== "";
  return `${file} ${commit || "(no commit)"}${changed ? " + uncommitted changes" : ""}`;
}

// ---------------------------------------------------------------------------------------------

async function main(options: Options): Promise<void> {
  const startedAt = new Date();
  const handler = await handlerVersion();
  const database = await prepareDatabase(options);
  const { token } = database;
  const app = await startApp(database.appEnv, options.server, options.cpuProfileDir);
  const baseUrl = app.url;
  console.log(
    `the app (${options.server === "serve" ? "scripts/serve.ts" : "next start"}, ${handler}) is up at ${baseUrl}`,
  );

  const client = createClient(baseUrl);
  const wallets = await client.call("GET", "/api/v1/programmatic/wallets?limit=200", { token });
  if (wallets.status !== 200)
    throw new Error(`listing the wallets failed: ${wallets.status} ${JSON.stringify(wallets.body)}`);
  const wallet = (wallets.body.data as Array<{ id: string; attributes: { name: string } }>).find(
    (item) => item.attributes.name === WALLET_NAME,
  );
  if (!wallet) throw new Error(`the demo has no wallet named "${WALLET_NAME}"`);

  const endpoints = (
    [
      { key: "6", endpoint: "6 categories", path: "/api/v1/programmatic/categories", work: "pat" },
      { key: "10", endpoint: "10 wallet", path: `/api/v1/programmatic/wallets/${wallet.id}`, work: "pat" },
      { key: "13", endpoint: "13 accounts", path: "/api/v1/programmatic/accounts", work: "pat" },
      { key: "health", endpoint: "health", path: "/api/v1/health", work: "select1" },
    ] satisfies Array<{ key: EndpointKey; endpoint: string; path: string; work: BaselineRoute["work"] }>
  ).filter(({ key }) => options.only.has(key));
  // The exact bytes and content-type of the app's answers, for the baselines to serve.
  const routes: BaselineRoute[] = [];
  for (const { path: urlPath, work } of endpoints) {
    const response = await fetch(`${baseUrl}${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET ${urlPath}: ${response.status} ${body.toString()}`);
    routes.push({
      path: urlPath,
      contentType: response.headers.get("content-type") ?? "application/json",
      body: body.toString("base64"),
      work,
    });
    console.log(
      `GET ${urlPath}: 200, ${body.length.toLocaleString("en-US")} bytes of ${response.headers.get("content-type")}`,
    );
  }
  const floorServer = await startBaseline("floor", { routes, database: database.floor });
  const floorUrl = floorServer.url;
  console.log(
    `floor server (node:http + ${options.engine === "postgres" ? `pg, pool ${POOL_SIZE}` : "PGlite"}) is up at ${floorUrl}`,
  );
  const bareServer = await startBaseline("node:http", { routes });
  const bareUrl = bareServer.url;
  console.log(`bare node:http server is up at ${bareUrl}`);

  const results: EndpointResult[] = [];
  for (const { endpoint, path: urlPath, work } of endpoints) {
    console.log(`endpoint ${endpoint}: GET ${urlPath}`);
    // Every server gets the same request, token included.
    const appLoad = await measure("app      ", app, urlPath, token, options);
    const floor = await measure("floor    ", floorServer, urlPath, token, options);
    const bare = await measure("node:http", bareServer, urlPath, token, options);
    const ratio = appLoad.requestsPerSecond / floor.requestsPerSecond;
    const p99Factor = appLoad.p99Ms / floor.p99Ms;
    results.push({
      endpoint,
      path: urlPath,
      app: appLoad,
      floor,
      bare,
      ratio,
      ratioPass: ratio >= (work === "pat" ? TARGET_RATIO : HEALTH_TARGET_RATIO),
      p99Factor,
      p99Pass: work === "pat" ? p99Factor <= TARGET_P99_FACTOR : null,
    });
  }
  print(results, options);
  console.log(`\nFigures written to ${path.relative(ROOT, await writeResults(results, options, startedAt, handler))}`);
}

const options = parseOptions(process.argv.slice(2));
if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
  console.error(
    "bench:reads measures the production build, and there is none (.next/BUILD_ID is missing): run `npm run build` first.",
  );
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
