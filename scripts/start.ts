/**
 * npm start: check the install, build the app (unless SKIP_BUILD=1), then serve it with the
 * production server (scripts/serve.ts: Next.js, with the REST operations answered directly).
 * Migrations and the first-run demo seed happen inside the server at start-up
 * (server/db/startup.ts, also run by instrumentation.ts), so a server started any other way,
 * `next start` included, prepares its database the same way.
 * A few plain lines say what is happening; the build's own output shows only when it fails, and
 * the server's log (JSON lines) follows as it is.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "../server/env";
import type { ServerReady } from "./serve";
import { serveArguments, serverBundlePath } from "./server-bundle";

const next = ["node_modules/next/dist/bin/next"];
const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function versionAtLeast(version: string, minimum: string): boolean {
  const have = version.split(".").map(Number);
  const need = minimum.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== (need[i] ?? 0)) return (have[i] ?? 0) > (need[i] ?? 0);
  }
  return true;
}

/** What npm install provides, checked before a build that would stumble on it a minute later. */
function checkInstall(): string {
  const { engines } = JSON.parse(readFileSync("package.json", "utf8")) as { engines?: { node?: string } };
  const range = engines?.node ?? "";
  const minimum = /^>=\s*(\d+(?:\.\d+)*)$/.exec(range)?.[1];
  const node = process.versions.node;
  if (minimum && !versionAtLeast(node, minimum)) {
    fail(
      `Node ${node} is older than package.json's engines (${range}): install Node.js ${range} (https://nodejs.org).`,
    );
  }
  if (!existsSync("node_modules/next/package.json")) fail("node_modules has no Next.js: run npm install first.");
  if (!existsSync("server/db/generated/prisma")) {
    fail("The Prisma client (server/db/generated/prisma) is missing: run npm install first (it generates it).");
  }
  return `Install: Node ${node}${range ? ` (${range})` : ""}, packages and Prisma client in place.`;
}

/** The environment the server will read, validated now rather than after the build. */
async function loadEnv(): Promise<Env> {
  try {
    return (await import("../server/env")).env;
  } catch (error) {
    fail((error as Error).message);
  }
}

/**
 * The dashboard's cookie secret: NEXTAUTH_SECRET when set, else one made on the first start and
 * kept in .data/ (mode 600), so a local install signs people in without any setup and stays
 * signed in across restarts.
 */
function ensureAuthSecret(): void {
  if (childEnv.NEXTAUTH_SECRET) return;
  const file = path.join(".data", "nextauth-secret");
  if (!existsSync(file)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  childEnv.NEXTAUTH_SECRET = readFileSync(file, "utf8").trim();
}

function secondsSince(started: number): number {
  return Math.round((performance.now() - started) / 1000);
}

/** `next build` and the server bundle (scripts/build-server.ts), quiet unless it fails. */
async function build(): Promise<void> {
  const firstBuild = !existsSync(".next/BUILD_ID");
  process.stdout.write(
    firstBuild
      ? "Building the app (first start, a minute or two)… "
      : "Building the app (SKIP_BUILD=1 serves the last build)… ",
  );
  const started = performance.now();
  const result = spawnSync(process.execPath, [...next, "build"], {
    env: childEnv,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.log("failed:\n");
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    fail(
      result.error
        ? `next build did not run: ${result.error.message}`
        : `next build failed (exit ${result.status ?? result.signal}).`,
    );
  }
  // esbuild loads only when there is something to build (SKIP_BUILD=1 does without it).
  const { buildServer } = await import("./build-server");
  await buildServer();
  console.log(`done in ${secondsSince(started)} s.`);
}

/** What the server is about to do with its database, in one line. */
function startingLine(env: Env): string {
  const seed = env.SEED_ON_EMPTY ? ", then the demo workspace" : "";
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    return `Starting the server on PostgreSQL at ${url.host}${url.pathname} (pending migrations${env.SEED_ON_EMPTY ? ", the demo workspace when it is empty" : ""})…`;
  }
  if (env.PGLITE_DIR.startsWith("memory://")) return `Starting the server on a database in memory: migrations${seed}…`;
  const fresh = !existsSync(env.PGLITE_DIR) || readdirSync(env.PGLITE_DIR).length === 0;
  return fresh
    ? `Starting the server on a new database in ${env.PGLITE_DIR}: migrations${seed}…`
    : `Starting the server on the database in ${env.PGLITE_DIR}…`;
}

/** Where a person opens the app, and where this script asks for its health (HOST: the interface it listens on). */
function addresses(host: string | undefined, port: number): { shown: string; local: string } {
  if (!host || host === "0.0.0.0" || host === "::")
    return { shown: `http://localhost:${port}`, local: `http://127.0.0.1:${port}` };
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return { shown: origin, local: origin };
}

/** Once the server says it is ready: its health answer, then the few lines a person needs. */
async function announce(ready: ServerReady, started: number): Promise<void> {
  const { shown, local } = addresses(childEnv.HOST, ready.port);
  const seconds = secondsSince(started);
  try {
    const health = await fetch(`${local}/api/v1/health`, { signal: AbortSignal.timeout(10_000) });
    if (!health.ok) {
      console.log(`The server is up, but /api/v1/health answers ${health.status}: ${await health.text()}`);
      return;
    }
  } catch (error) {
    console.log(`The server is up, but /api/v1/health does not answer: ${(error as Error).message}`);
    return;
  }
  const migrations = ready.appliedMigrations.length;
  const done = [
    migrations > 0 ? `applied ${migrations} migration${migrations === 1 ? "" : "s"}` : "",
    ready.seeded ? "seeded the demo workspace" : "",
  ];
  if (migrations > 0 || ready.seeded) console.log(`Database: ${done.filter(Boolean).join(" and ")} (${seconds} s).`);
  console.log(`Ready: ${shown} (dashboard: /sign-in, API reference: /docs/api, health: /api/v1/health)`);
  if (ready.demo) console.log(`Demo sign-in: ${ready.demo.email} / ${ready.demo.password}`);
}

console.log(checkInstall());
const env = await loadEnv();
ensureAuthSecret();
if (childEnv.SKIP_BUILD !== "1") await build();
else if (!existsSync(".next/BUILD_ID") || !existsSync(serverBundlePath()))
  fail("SKIP_BUILD=1, but there is no build in .next: run npm start without it (or npm run build first).");

const port = childEnv.PORT ?? "3000";
console.log(startingLine(env));
const started = performance.now();
// The built server (scripts/build-server.ts) run by node itself: it must be this process's own child for the IPC channel.
const server = spawn(process.execPath, serveArguments(port), {
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: childEnv,
});
let ready = false;
server.on("message", (message: ServerReady) => {
  if (message?.event !== "ready") return;
  ready = true;
  void announce(message, started);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  if (!ready)
    console.error(`The server stopped before it was ready (${signal ?? `exit ${code}`}): its log above says why.`);
  process.exit(code ?? (ready ? 0 : 1));
});
