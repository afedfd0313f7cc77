/** bench:reads' targets, and its results against them: the printed table and the saved figures. */
import { spawn } from "node:child_process";
import os from "node:os";
import { machine, printTable, saveFigures } from "./figures";
import type { Load } from "./reads-load";
import { POOL_SIZE, type Options } from "./reads-options";
import { ROOT } from "./reads-processes";

/** The app's requests/s at least this share of the floor's. */
export const TARGET_RATIO = 0.6;
/** Health against node:http + SELECT 1: answered without the procedure machinery, nearly all of its cost is the query. */
export const HEALTH_TARGET_RATIO = 0.7;
/** The app's p99 at most this many times the floor's (endpoints; health has the ratio target only). */
export const TARGET_P99_FACTOR = 2;

export interface EndpointResult {
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

export function printResults(results: EndpointResult[], options: Options): void {
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
  printTable(header, rows);
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

export async function saveResults(
  results: EndpointResult[],
  options: Options,
  startedAt: Date,
  handler: string,
): Promise<void> {
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
    machine: machine(),
    endpoints: results,
  };
  const variant = `-${options.engine}-${options.server}${options.analyze ? "-analyzed" : ""}`;
  await saveFigures("reads", startedAt, variant, report);
}

/** Which REST handler is measured (read-only git): the last commit of server/http/rest-handler.ts, "+ changes" when the tree differs. */
export async function handlerVersion(): Promise<string> {
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
