/**
 * npm run bench:webhooks [-- --engine postgres|pglite] [--events N] [--rate N] [--seconds N]: webhook
 * delivery in process (the sender of server/jobs/webhook-worker.ts, 16 at once, against receivers on
 * this machine), each figure next to its floor measured in the same run.
 *
 *   latency     --events (10,000) events committed at --rate (200) a second, each in a transaction of
 *               its own: time from the commit to the receiver's receipt, p50 and p99; target p99 <= 1 s.
 *               Floor: the same commits, each followed at once by the same signed POST from the same
 *               process (no outbox read, no claim, no record: what the contract forces).
 *   throughput  --events events queued, then sent: deliveries a second of one instance. Floor: the same
 *               number of signed POSTs of the same bodies, 16 at once, with nothing recorded.
 *   reads       a REST read (GET /wallets/{id}, the REST handler in this process) by 8 clients for
 *               --seconds (10) while events are committed at --rate to a receiver answering at once,
 *               then to one answering after 5 s; target: p99 with the slow receiver within 10% of the
 *               fast one's (a slow receiver never slows the API). With no events at all, as context.
 *
 * Database: a temporary PostgreSQL database on BENCH_DATABASE_URL ?? TEST_DATABASE_URL ?? the
 * machine's (dropped afterwards), or PGlite in memory with `--engine pglite`; migrated and
 * demo-seeded (3,000 transactions). Figures go to bench/results/webhooks-<time>-<engine>.json.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { cleanUp, cleanUpOnSignals } from "./cleanup";
import { machine, printTable, saveFigures } from "./figures";
import { wholeNumberOption } from "./options";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    engine: { type: "string", default: "postgres" },
    events: { type: "string" },
    rate: { type: "string" },
    seconds: { type: "string" },
  },
  strict: true,
});
if (values.engine !== "postgres" && values.engine !== "pglite") {
  console.error("--engine must be postgres or pglite");
  process.exit(2);
}
const engine = values.engine;
const USAGE =
  "Usage: npm run bench:webhooks [-- --engine postgres|pglite] [--events N (10000)] [--rate N (200)] [--seconds N (10)]";
const EVENTS = wholeNumberOption(values.events, 10_000, "events", 1, USAGE);
const RATE = wholeNumberOption(values.rate, 200, "rate", 1, USAGE);
const SECONDS = wholeNumberOption(values.seconds, 10, "seconds", 1, USAGE);
const TARGET_P99_MS = 1_000;
const TARGET_READ_P99_RATIO = 1.1;
const SLOW_ANSWER_MS = 5_000;
const CONCURRENCY = 16;
const READERS = 8;

// Before the server modules load: they read the environment when imported.
Object.assign(process.env, { NODE_ENV: "production", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000" });
const { applyMigrations, readMigrations } = await import("../server/db/migrate");
const { seedDemo } = await import("../prisma/seed");
const { generateToken, hashToken } = await import("../server/domain/identity/tokens");
const { appRouter } = await import("../server/routers");
const { createRestHandler } = await import("../server/http/rest-handler");
const { emitWebhookEvent } = await import("../server/domain/webhooks/events");
const { newSigningKey, signedHeaders } = await import("../server/domain/webhooks/signing");
const { startWebhookWorkerLoop } = await import("../server/jobs/webhook-worker");
const { openBenchDatabase } = await import("./bench-database");

cleanUpOnSignals("bench:webhooks stopped: cleaning up");
const startedAt = new Date();

/** A receiver: answers after `delayMs`; `arrived` gets each event's seq and the time it came. */
async function receiver(
  delayMs: number,
  arrived: (seq: number, at: number) => void,
): Promise<Server & { url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const at = performance.now();
      const seq = (JSON.parse(Buffer.concat(chunks).toString("utf8")).data as { seq: number }).seq;
      arrived(seq, at);
      const answer = () => response.writeHead(204).end();
      if (delayMs > 0) setTimeout(answer, delayMs).unref();
      else answer();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
}

/** A signed POST of one body, as the sender makes it (no keep-alive), answered or failed. */
function post(url: string, key: string, id: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = signedHeaders([key], id, Math.floor(Date.now() / 1000), body);
    const outgoing = httpRequest(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.resume();
        response.on("end", resolve);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

try {
  const db = await openBenchDatabase(engine);
  await applyMigrations(db.sql, await readMigrations());
  const demo = await seedDemo(db, { transactions: 3_000 });
  const workspaceId = demo.workspaceId;
  const token = generateToken("programmatic_api");
  await db.prisma.credential.create({
    data: {
      userId: demo.userId,
      workspaceId,
      name: "bench",
      audience: "programmatic_api",
      scopes: ["wallets:read"],
      tokenHash: hashToken(token),
      tokenPrefix: token.slice(0, 8),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const wallet = await db.prisma.wallet.findFirstOrThrow({ where: { workspaceId } });
  const key = newSigningKey();
  const open = { allowHttp: true, allowPrivate: true };

  let arrivals = new Map<number, number>();
  const fast = await receiver(0, (seq, at) => arrivals.set(seq, at));
  const slow = await receiver(SLOW_ANSWER_MS, () => undefined);
  const endpoint = await db.prisma.webhookEndpoint.create({
    data: { workspaceId, url: fast.url, events: ["import.completed"], secret: key },
  });
  const emit = (seq: number) => db.transaction((tx) => emitWebhookEvent(tx, workspaceId, "import.completed", { seq }));
  const clear = async () => {
    await db.prisma.webhookMessage.deleteMany({});
    arrivals = new Map();
  };
  const allArrived = async (count: number) => {
    const deadline = Date.now() + 120_000;
    while (arrivals.size < count) {
      if (Date.now() > deadline) throw new Error(`only ${arrivals.size} of ${count} events arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** Commits an event every 1/rate s until `count` (or `until` says stop); `after` runs on each commit. */
  async function paced(count: number, after: (seq: number, committedAt: number) => void, until = () => false) {
    const started = performance.now();
    const pending: Array<Promise<void>> = [];
    for (let seq = 0; seq < count && !until(); seq++) {
      const due = started + (seq * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(emit(seq).then(() => after(seq, performance.now())));
      // At most a few commits in flight: PGlite has one connection, PostgreSQL a pool of 4.
      if (pending.length >= 4) await pending.shift();
    }
    await Promise.all(pending);
  }

  // --- latency: the sender, then its floor -----------------------------------------------------
  console.log(`latency: ${EVENTS} events at ${RATE}/s (${engine})`);
  const committed = new Map<number, number>();
  let sender = startWebhookWorkerLoop(async () => db, { concurrency: CONCURRENCY, rules: open });
  await paced(EVENTS, (seq, at) => committed.set(seq, at));
  await allArrived(EVENTS);
  await sender.stop();
  const appLatency = [...committed].map(([seq, at]) => arrivals.get(seq)! - at).sort((a, b) => a - b);
  await clear();

  const floorCommitted = new Map<number, number>();
  const floorPosts: Array<Promise<void>> = [];
  await paced(EVENTS, (seq, at) => {
    floorCommitted.set(seq, at);
    const body = JSON.stringify({
      type: "import.completed",
      timestamp: new Date().toISOString(),
      workspace_id: workspaceId,
      data: { seq },
    });
    floorPosts.push(post(fast.url, key, `msg_${seq}`, body));
  });
  await Promise.all(floorPosts);
  await allArrived(EVENTS);
  const floorLatency = [...floorCommitted].map(([seq, at]) => arrivals.get(seq)! - at).sort((a, b) => a - b);
  await clear();

  // --- throughput: queued events sent by one instance, then its floor --------------------------
  console.log(`throughput: ${EVENTS} events queued, then sent`);
  await db.transaction(async (tx) => {
    for (let seq = 0; seq < EVENTS; seq++) await emitWebhookEvent(tx, workspaceId, "import.completed", { seq });
  });
  let started = performance.now();
  sender = startWebhookWorkerLoop(async () => db, { concurrency: CONCURRENCY, rules: open });
  sender.kick();
  await allArrived(EVENTS);
  const appPerSecond = EVENTS / ((performance.now() - started) / 1000);
  await sender.stop();
  await clear();
  started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < EVENTS) {
        const seq = next++;
        const body = JSON.stringify({
          type: "import.completed",
          timestamp: new Date().toISOString(),
          workspace_id: workspaceId,
          data: { seq },
        });
        await post(fast.url, key, `msg_${seq}`, body);
      }
    }),
  );
  const floorPerSecond = EVENTS / ((performance.now() - started) / 1000);
  await clear();

  // --- reads while events go to a fast, then a slow receiver -----------------------------------
  const handle = createRestHandler({ router: appRouter, getDatabase: async () => db });
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": "127.0.0.1" };
  const readPath = `http://localhost/api/v1/programmatic/wallets/${wallet.id}`;
  async function reads(label: string, withEvents: "none" | "fast" | "slow") {
    console.log(`reads: ${READERS} clients for ${SECONDS} s, ${label}`);
    if (withEvents !== "none")
      await db.prisma.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { url: withEvents === "fast" ? fast.url : slow.url },
      });
    const loop = startWebhookWorkerLoop(async () => db, { concurrency: CONCURRENCY, rules: open });
    const end = performance.now() + SECONDS * 1000;
    const events =
      withEvents === "none"
        ? Promise.resolve()
        : paced(
            Number.MAX_SAFE_INTEGER,
            () => undefined,
            () => performance.now() > end,
          );
    const samples: number[] = [];
    await Promise.all(
      Array.from({ length: READERS }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          const response = await handle(new Request(readPath, { headers }));
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`read answered ${response.status}`);
          samples.push(performance.now() - t);
        }
      }),
    );
    await events;
    const inFlight = await db.prisma.webhookDelivery.count({ where: { status: "pending" } });
    // A slow receiver's attempts are stopped and given back rather than waited for 5 s each.
    await loop.stop();
    await clear();
    samples.sort((a, b) => a - b);
    return {
      label,
      requests: samples.length,
      p50: percentile(samples, 0.5),
      p99: percentile(samples, 0.99),
      pending: inFlight,
    };
  }
  const quiet = await reads("no events", "none");
  const withFast = await reads(`events at ${RATE}/s to a receiver answering at once`, "fast");
  const withSlow = await reads(`events at ${RATE}/s to a receiver answering after ${SLOW_ANSWER_MS / 1000} s`, "slow");

  const appP99 = percentile(appLatency, 0.99);
  const readRatio = withSlow.p99 / withFast.p99;
  console.log(`\n${engine}, ${machine().cores} cores, Node ${process.version}`);
  printTable(
    ["what", "app", "floor", "target", "result"],
    [
      ["commit to receipt, p50", ms(percentile(appLatency, 0.5)), ms(percentile(floorLatency, 0.5)), "", ""],
      [
        "commit to receipt, p99",
        ms(appP99),
        ms(percentile(floorLatency, 0.99)),
        `<= ${TARGET_P99_MS} ms`,
        appP99 <= TARGET_P99_MS ? "PASS" : "MISS",
      ],
      ["commit to receipt, max", ms(appLatency.at(-1)!), ms(floorLatency.at(-1)!), "", ""],
      ["deliveries per second (one instance)", appPerSecond.toFixed(0), floorPerSecond.toFixed(0), "", ""],
      ...[quiet, withFast, withSlow].map((run) => [
        `read p50 / p99, ${run.label}`,
        `${ms(run.p50)} / ${ms(run.p99)}`,
        `${run.requests} reads`,
        run === withSlow ? `p99 <= ${TARGET_READ_P99_RATIO}x fast` : "",
        run === withSlow ? `${readRatio.toFixed(2)}x ${readRatio <= TARGET_READ_P99_RATIO ? "PASS" : "MISS"}` : "",
      ]),
    ],
  );
  await saveFigures("webhooks", startedAt, `-${engine}`, {
    machine: machine(),
    engine,
    events: EVENTS,
    rate: RATE,
    latency: {
      app: { p50: percentile(appLatency, 0.5), p99: appP99 },
      floor: { p50: percentile(floorLatency, 0.5), p99: percentile(floorLatency, 0.99) },
    },
    throughput: { app: appPerSecond, floor: floorPerSecond },
    reads: { quiet, withFast, withSlow, ratio: readRatio },
  });
  fast.close();
  slow.closeAllConnections();
  slow.close();
} finally {
  await cleanUp();
}
