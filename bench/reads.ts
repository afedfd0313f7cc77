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
 * Targets, at 32 connections, for the app against its floor (what the contract costs any
 * implementation, so the gap is the app's own): endpoints 6, 10 and 13 each >= 60% of the floor's
 * requests/s and p99 <= 2x the floor's p99; health >= 70% of the node:http + SELECT 1 floor (it is
 * answered without the procedure machinery). Each server and endpoint: 3 s warm-up, then 10 s
 * measured (autocannon, keep-alive, the same connections and the same request, token included).
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
import { existsSync } from "node:fs";
import path from "node:path";
import { createClient } from "../tests/http/client";
import { cleanUp, cleanUpOnSignals } from "./cleanup";
import type { BaselineRoute } from "./reads-baseline";
import { prepareDatabase } from "./reads-database";
import { measure } from "./reads-load";
import { parseOptions, POOL_SIZE, type EndpointKey, type Options } from "./reads-options";
import { ROOT, startApp, startBaseline } from "./reads-processes";
import {
  handlerVersion,
  HEALTH_TARGET_RATIO,
  printResults,
  saveResults,
  TARGET_P99_FACTOR,
  TARGET_RATIO,
  type EndpointResult,
} from "./reads-results";

const WALLET_NAME = "Everyday Checking";

cleanUpOnSignals("stopping the children and removing the temporary database...");

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
  printResults(results, options);
  await saveResults(results, options, startedAt, handler);
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
