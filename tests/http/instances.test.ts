import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../server/db/testing";
import { ALL_SCOPES, createClient, randomIp } from "./client";
import { startServer, type RunningServer } from "./server";

/**
 * Many instances, no surprises: start-up together on one empty PostgreSQL, a worker killed while it
 * books an import, a graceful stop during a request and a booking, and the embedded database's
 * directory lock. Each test starts servers of its own.
 */

const postgres = process.env.TEST_DATABASE_URL || undefined;
/** A takeover after 6 s instead of 15 (server/env.ts): the takeover tests wait for that, not for the default. */
const QUICK_TAKEOVER = { PFA_TEST_TAKEOVER_AFTER_MS: "6000" };

const started: RunningServer[] = [];
const dropped: Array<() => Promise<void>> = [];

afterAll(async () => {
  await Promise.allSettled(started.map((server) => server.stop()));
  await Promise.allSettled(dropped.map((drop) => drop()));
});

/** Starts a server of this test; `databaseUrl: ""` keeps it on PGlite even when the suite runs on PostgreSQL. */
async function start(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  const server = await startServer(options);
  started.push(server);
  return server;
}

function exited(server: RunningServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return Promise.resolve({ code: server.child.exitCode, signal: server.child.signalCode });
  }
  return new Promise((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal })));
}

async function query<Row>(url: string, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A signed-up user with a token and a fresh EUR account opened at 100.00 long ago. */
async function newAccount(baseUrl: string) {
  const api = createClient(baseUrl);
  const { sessionToken } = await api.signUp();
  const { token } = await api.createToken(sessionToken, ALL_SCOPES);
  const wallet = await api.call("POST", "/api/trpc/manage.wallets.create", {
    token: sessionToken,
    body: {
      name: `Instances ${randomUUID().slice(0, 6)}`,
      accounts: [{ currency_code: "EUR", opening_balance: "100.00", opening_balance_date: "2020-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts?limit=200", { token })).body.data;
  const accountId = accounts.find((a: any) => a.attributes.wallet_id === wallet.body.result.data.id).id as string;
  return { api, token, accountId };
}

/** `rows` transactions in 2025, each amount its own (no row is a duplicate of another): the CSV and their sum in cents. */
function statement(rows: number): { csv: string; total: number } {
  const lines = ["Date,Description,Amount"];
  let cents = 0;
  for (let i = 0; i < rows; i++) {
    const amount = 1 + i;
    cents += amount;
    lines.push(
      `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")},Row ${i},-${(amount / 100).toFixed(2)}`,
    );
  }
  return { csv: `${lines.join("\n")}\n`, total: -cents };
}

async function uploadAndConfirm(baseUrl: string, token: string, accountId: string, csv: string): Promise<string> {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([csv]), "many.csv");
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() };
  const uploaded = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": randomUUID() },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const id = (await uploaded.json()).data.id as string;
  const confirmed = await fetch(`${baseUrl}/api/v1/programmatic/imports/${id}/confirm`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": randomUUID(), "content-type": "application/json" },
    body: "{}",
  });
  expect(confirmed.status).toBe(201);
  return id;
}

/** The account's current balance as the API reports it. */
async function balanceOf(baseUrl: string, token: string, accountId: string): Promise<string> {
  const accounts = (await createClient(baseUrl).call("GET", "/api/v1/programmatic/accounts?limit=200", { token })).body
    .data;
  return accounts.find((account: any) => account.id === accountId).attributes.current_balance;
}

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!postgres)("several instances on one PostgreSQL", () => {
  it("six instances started together on an empty database all become healthy, and the demo is seeded once", async () => {
    const database = await createPostgresDatabase(postgres!);
    dropped.push(database.drop);
    const servers = await Promise.all(
      Array.from({ length: 6 }, () =>
        start({ databaseUrl: database.url, env: { DATABASE_POOL_MAX: "4", LOG_LEVEL: "info" } }),
      ),
    );
    for (const server of servers) expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);
    // One instance seeded; the others found it done (a second seed would replace the first unseen).
    const seeds = servers.flatMap((server) => server.output().match(/seeding the demo workspace/g) ?? []);
    expect(seeds).toHaveLength(1);

    const [counts] = await query<Record<string, number>>(
      database.url,
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM workspaces) AS workspaces,
              (SELECT count(*)::int FROM memberships) AS memberships,
              (SELECT count(*)::int FROM wallets) AS wallets,
              (SELECT count(DISTINCT name)::int FROM wallets) AS wallet_names,
              (SELECT count(*)::int FROM categories) AS categories,
              (SELECT count(DISTINCT (name, group_id))::int FROM categories) AS category_names,
              (SELECT count(*)::int FROM service_state WHERE key = 'demo_seed' AND value = 'finished') AS finished`,
    );
    expect(counts).toMatchObject({ users: 1, workspaces: 1, memberships: 1, finished: 1 });
    expect(counts!.wallets).toBeGreaterThan(0);
    expect(counts!.wallets).toBe(counts!.wallet_names);
    expect(counts!.categories).toBeGreaterThan(0);
    expect(counts!.categories).toBe(counts!.category_names);
    // Every instance signs the demo in.
    for (const server of servers) {
      const signIn = await createClient(server.baseUrl).call("POST", "/api/v1/auth/sessions", {
        body: { email: "demo@example.com", password: "demo-password-1234" },
      });
      expect(signIn.status).toBe(201);
    }
    await Promise.all(servers.map((server) => server.stop()));
  }, 240_000);

  it("a booking whose process is killed is taken over by another instance and completes exactly once", async () => {
    const database = await createPostgresDatabase(postgres!);
    dropped.push(database.drop);
    // The booking holds its lock 6 s before writing: long enough to be killed in the middle.
    const first = await start({
      databaseUrl: database.url,
      env: { PFA_TEST_BOOKING_DELAY_MS: "6000", SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER },
    });
    const { token, accountId } = await newAccount(first.baseUrl);
    const { csv, total } = statement(20_000);
    const id = await uploadAndConfirm(first.baseUrl, token, accountId, csv);
    // Killed while its booking holds the job's advisory lock (server/jobs/import-worker.ts), not before.
    await until("the booking holds the job's lock", 15_000, async () => {
      const [held] = await query<{ held: boolean }>(
        database.url,
        `SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN import_jobs j ON j.id = $1
                         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                           AND l.classid = 7242001
                           AND l.objid = (hashtext(j.id::text)::bigint & 4294967295)::oid) AS held`,
        [id],
      );
      return held?.held === true;
    });
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    await exited(first);

    const second = await start({ databaseUrl: database.url, env: { SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER } });
    const job = await until(
      "the import is completed by the other instance",
      30_000 - (Date.now() - killedAt),
      async () => {
        const [row] = await query<{ status: string; imported_count: number; attempts: number }>(
          database.url,
          "SELECT status, imported_count, attempts FROM import_jobs WHERE id = $1",
          [id],
        );
        return row?.status === "completed" ? row : null;
      },
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(job).toMatchObject({ imported_count: 20_000, attempts: 2 });
    const [booked] = await query<{ rows: number; cents: number }>(
      database.url,
      "SELECT count(*)::int AS rows, (sum(amount) * 100)::int AS cents FROM transactions WHERE import_job_id = $1",
      [id],
    );
    expect(booked).toEqual({ rows: 20_000, cents: total });
    expect(await balanceOf(second.baseUrl, token, accountId)).toBe(((10_000 + total) / 100).toFixed(2));
    expect(second.output()).not.toMatch(/"level":50/);
  }, 240_000);

  it("a booking that outlasts the takeover delay on a live instance is not taken over", async () => {
    const database = await createPostgresDatabase(postgres!);
    dropped.push(database.drop);
    const slow = await start({
      databaseUrl: database.url,
      env: { PFA_TEST_BOOKING_DELAY_MS: "10000", SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER },
    });
    await start({ databaseUrl: database.url, env: { SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER } });
    const { token, accountId } = await newAccount(slow.baseUrl);
    const { total } = statement(50);
    const id = await uploadAndConfirm(slow.baseUrl, token, accountId, statement(50).csv);
    const job = await until("the import is completed", 45_000, async () => {
      const [row] = await query<{ status: string; imported_count: number; attempts: number }>(
        database.url,
        "SELECT status, imported_count, attempts FROM import_jobs WHERE id = $1",
        [id],
      );
      return row?.status === "completed" ? row : null;
    });
    expect(job).toMatchObject({ imported_count: 50, attempts: 1 });
    expect(await balanceOf(slow.baseUrl, token, accountId)).toBe(((10_000 + total) / 100).toFixed(2));
  }, 180_000);
});

/** A POST whose body is sent in two halves with a pause between; resolves with the status. */
function slowUpload(
  baseUrl: string,
  token: string,
  accountId: string,
  csv: string,
  pause: Promise<void>,
): Promise<number> {
  const boundary = `----pfa${randomUUID()}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n${accountId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  const url = new URL(`${baseUrl}/api/v1/programmatic/imports`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "idempotency-key": randomUUID(),
          "x-forwarded-for": randomIp(),
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.length),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(body.subarray(0, body.length / 2));
    void pause.then(() => req.end(body.subarray(body.length / 2)));
  });
}

// The tests below use PGlite whatever the suite runs on: they run in the suite's PGlite pass only.
describe.skipIf(postgres)("a graceful stop", () => {
  it("on SIGTERM finishes the request under way and the booking, then exits 0 and frees the database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfa-drain-"));
    const server = await start({
      databaseUrl: "",
      env: { PGLITE_DIR: dir, PFA_TEST_BOOKING_DELAY_MS: "3000", SEED_ON_EMPTY: "false", LOG_LEVEL: "info" },
    });
    const { token, accountId } = await newAccount(server.baseUrl);
    const { csv, total } = statement(200);
    const id = await uploadAndConfirm(server.baseUrl, token, accountId, csv);
    // The confirm wakes the worker, which takes the job and holds it 3 s. (Asking the API would
    // wait for the booking: PGlite runs one transaction at a time; the log says when it is taken.)
    await until(
      "the import is claimed",
      10_000,
      async () => server.output().includes(id) && /"msg":"import claimed"/.test(server.output()),
    );

    let signalled!: () => void;
    const afterSignal = new Promise<void>((resolve) => (signalled = resolve));
    const upload = slowUpload(server.baseUrl, token, accountId, statement(5).csv, afterSignal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    signalled();
    expect(await upload).toBe(201);
    const exit = await exited(server);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(25_000);

    // The same directory opens again (its lock was released), and the booking completed once.
    const again = await start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    const job = (await createClient(again.baseUrl).call("GET", `/api/v1/programmatic/imports/${id}`, { token })).body
      .data.attributes;
    expect(job).toMatchObject({ status: "completed", imported_count: 200 });
    expect(await balanceOf(again.baseUrl, token, accountId)).toBe(((10_000 + total) / 100).toFixed(2));
    await again.stop();
  }, 180_000);
});

describe.skipIf(postgres)("the embedded database's directory", () => {
  function serveOn(dir: string): Promise<{ code: number | null; output: string; ms: number }> {
    const began = Date.now();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/serve.ts", "--port", "0", "--host", "127.0.0.1"],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATABASE_URL: "",
          PGLITE_DIR: dir,
          LOG_LEVEL: "warn",
          SEED_ON_EMPTY: "false",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    return new Promise((resolve) =>
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output, ms: Date.now() - began });
      }),
    );
  }

  it("is refused to a second process, which names it and the holder; the first keeps its data", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfa-lock-"));
    const first = await start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    const { token, accountId } = await newAccount(first.baseUrl);

    const second = await serveOn(dir);
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`The database directory ${dir} is in use by process`);

    // The first process still reads and writes its data.
    const id = await uploadAndConfirm(first.baseUrl, token, accountId, statement(3).csv);
    await until("the import completes", 20_000, async () => {
      const job = await createClient(first.baseUrl).call("GET", `/api/v1/programmatic/imports/${id}`, { token });
      return job.body.data.attributes.status === "completed";
    });
    await first.stop();
    const reopened = await start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    expect(await balanceOf(reopened.baseUrl, token, accountId)).toBe("99.94");
    await reopened.stop();
  }, 180_000);

  it("left locked by a process that was killed is taken over", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfa-stale-"));
    const killed = await start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    killed.child.kill("SIGKILL");
    await exited(killed);
    const next = await start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    expect((await fetch(`${next.baseUrl}/api/v1/health`)).status).toBe(200);
    await next.stop();
    // A lock file naming a process that does not run (a machine restarted) is taken over too.
    writeFileSync(
      path.join(dir, "pfa.lock"),
      JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), startedAt: "2026-01-01T00:00:00Z" }),
    );
    const after = await start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    expect((await fetch(`${after.baseUrl}/api/v1/health`)).status).toBe(200);
    await after.stop();
  }, 180_000);
});

describe.skipIf(postgres)("the rate-limit store", () => {
  it("is memory with REDIS_URL empty, and says Redis is unavailable, warning once, when it cannot be reached", async () => {
    const [empty, unreachable] = await Promise.all([
      start({ env: { REDIS_URL: "", SEED_ON_EMPTY: "false" } }),
      start({ env: { REDIS_URL: "redis://127.0.0.1:1", SEED_ON_EMPTY: "false" } }),
    ]);
    expect(await (await fetch(`${empty.baseUrl}/api/v1/health`)).json()).toMatchObject({
      status: "ok",
      rate_limit_store: "memory",
    });
    const health = await fetch(`${unreachable.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", rate_limit_store: "memory (redis unavailable)" });
    // Requests are served meanwhile, each instance counting in its own memory.
    const signUp = await createClient(unreachable.baseUrl).signUp();
    expect(signUp.sessionToken).toMatch(/\S/);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(unreachable.output().match(/redis unavailable: rate limits fall back/g)).toHaveLength(1);
    await Promise.all([empty.stop(), unreachable.stop()]);
  }, 120_000);

  it.skipIf(!process.env.TEST_REDIS_URL)(
    "is redis when Redis answers",
    async () => {
      const server = await start({ env: { REDIS_URL: process.env.TEST_REDIS_URL!, SEED_ON_EMPTY: "false" } });
      expect(await (await fetch(`${server.baseUrl}/api/v1/health`)).json()).toMatchObject({
        rate_limit_store: "redis",
      });
      await server.stop();
    },
    120_000,
  );
});
