/**
 * npx tsx bench/rest-overhead.ts [--requests N] [--transactions N] [--profile FILE] [--library-adapter]: the CPU cost
 * of one REST read inside the process, without sockets or a load generator: the REST handler
 * (server/http/rest-handler.ts, built as server/http/serve.ts builds it) called N times one after
 * the other with a valid personal access token, next to the same procedure called through a tRPC
 * caller (the same context, database work and output validation, no REST adapter). The difference
 * is what the REST adapter costs per request.
 *
 *   endpoint 6   GET /api/v1/programmatic/categories
 *   endpoint 10  GET /api/v1/programmatic/wallets/{id}   (the demo's "Everyday Checking")
 *
 * Database: PGlite in memory, migrated and demo-seeded (3,000 transactions by default).
 * NODE_ENV=production, as the server runs (trpc-to-openapi validates the router on every handler
 * it builds otherwise); logging silent; the rate limit raised out of the way.
 * `--profile FILE` writes a V8 CPU profile (.cpuprofile, open in Chrome DevTools) of the
 * measured REST requests. `--library-adapter` answers through trpc-to-openapi's own fetch adapter,
 * built per request (server/http/openapi-adapter-reference.ts), to show what the REST handler's own
 * adapter, built once, saves against it.
 */
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    requests: { type: "string", default: "2000" },
    transactions: { type: "string", default: "3000" },
    profile: { type: "string" },
    "library-adapter": { type: "boolean", default: false },
  },
  strict: true,
});
const REQUESTS = Number(values.requests);
const WARMUP = Math.min(500, REQUESTS);

// Before the server modules load: they read the environment when imported.
Object.assign(process.env, { NODE_ENV: "production", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000" });
const { openDatabase } = await import("../server/db/client");
const { applyMigrations, readMigrations } = await import("../server/db/migrate");
const { seedDemo } = await import("../prisma/seed");
const { generateToken, hashToken } = await import("../server/domain/identity/tokens");
const { SCOPES } = await import("../server/domain/identity/scopes");
const { appRouter, createCaller } = await import("../server/routers");
const { createContext } = await import("../server/trpc/context");
const { createRestHandler } = await import("../server/http/rest-handler");

const db = await openDatabase({ pgliteDir: "memory://" });
await applyMigrations(db.sql, await readMigrations());
const demo = await seedDemo(db, { transactions: Number(values.transactions) });
const token = generateToken("programmatic_api");
await db.prisma.credential.create({
  data: {
    userId: demo.userId,
    workspaceId: demo.workspaceId,
    name: "bench",
    audience: "programmatic_api",
    scopes: [...SCOPES],
    tokenHash: hashToken(token),
    tokenPrefix: token.slice(0, 8),
    expiresAt: new Date(Date.now() + 86_400_000),
  },
});
const wallet = await db.prisma.wallet.findFirstOrThrow({
  where: { workspaceId: demo.workspaceId, name: "Everyday Checking" },
});

const { libraryOpenApiAdapter } = await import("../server/http/openapi-adapter-reference");
// --library-adapter: trpc-to-openapi's fetch adapter built on every request, the reference the REST handler's adapter is held to.
const adapter = values["library-adapter"] ? libraryOpenApiAdapter(appRouter) : undefined;
const handle = createRestHandler({ router: appRouter, getDatabase: async () => db, adapter });
const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": "127.0.0.1" };

interface Endpoint {
  name: string;
  path: string;
  /** The same read through a tRPC caller: no REST adapter. */
  direct: (caller: ReturnType<typeof createCaller>) => Promise<unknown>;
}
const endpoints: Endpoint[] = [
  {
    name: "6  categories",
    path: "/api/v1/programmatic/categories",
    direct: (caller) => caller.categories.list({}),
  },
  {
    name: "10 wallet",
    path: `/api/v1/programmatic/wallets/${wallet.id}`,
    direct: (caller) => caller.wallets.get({ id: wallet.id }),
  },
];

async function rest(path: string): Promise<number> {
  const response = await handle(new Request(`http://localhost${path}`, { headers }));
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(body)}`);
  return body.byteLength;
}

function direct(endpoint: Endpoint): Promise<unknown> {
  const ctx = createContext({ db, requestId: crypto.randomUUID(), headers: new Headers(headers) });
  return endpoint.direct(createCaller(ctx));
}

async function time(run: () => Promise<unknown>): Promise<{ mean: number; p50: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  const total = performance.now() - started;
  samples.sort((a, b) => a - b);
  return { mean: (total * 1000) / REQUESTS, p50: samples[Math.floor(samples.length / 2)]! * 1000 };
}

const us = (value: number) => `${Math.round(value).toLocaleString("en-US").padStart(6)} µs`;
console.log(
  `${REQUESTS} sequential requests per endpoint after ${WARMUP} warm-up, PGlite in memory, ${values.transactions} transactions, ` +
    (adapter ? "trpc-to-openapi's fetch adapter per request" : "the adapter built once"),
);
for (const endpoint of endpoints) {
  const bytes = await rest(endpoint.path);
  const viaRest = await time(() => rest(endpoint.path));
  const viaCaller = await time(() => direct(endpoint));
  console.log(
    `${endpoint.name.padEnd(14)} ${String(bytes).padStart(6)} B   REST mean ${us(viaRest.mean)} p50 ${us(viaRest.p50)}   ` +
      `caller mean ${us(viaCaller.mean)} p50 ${us(viaCaller.p50)}   REST - caller ${us(viaRest.mean - viaCaller.mean)}`,
  );
}

if (values.profile) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  for (let i = 0; i < REQUESTS; i++) for (const endpoint of endpoints) await rest(endpoint.path);
  const { profile } = await session.post("Profiler.stop");
  await writeFile(values.profile, JSON.stringify(profile));
  session.disconnect();
  console.log(`CPU profile of ${REQUESTS} x ${endpoints.length} REST requests: ${values.profile}`);
}

await db.close();
