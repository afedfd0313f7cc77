import { randomUUID } from "node:crypto";
import { afterAll, expect } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";
import { createPostgresDatabase, postgres } from "./postgres";
import { hasExited, startServer, type RunningServer } from "./server";

/**
 * What the several-instances files share (tests/http/instances*.test.ts, run apart from the shared
 * server by scripts/test-all.sh): each test starts servers of its own, and databases for them.
 */

/**
 * The servers and PostgreSQL databases a test file starts, all stopped and then dropped after its
 * last test, whatever its tests did.
 */
export function ownServers() {
  const started: RunningServer[] = [];
  const dropped: Array<() => Promise<void>> = [];

  afterAll(async () => {
    await Promise.allSettled(started.map((server) => server.stop()));
    await Promise.allSettled(dropped.map((drop) => drop()));
  });

  return {
    /** Starts a server of this test; `databaseUrl: ""` keeps it on PGlite even when the suite runs on PostgreSQL. */
    async start(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
      const server = await startServer(options);
      started.push(server);
      return server;
    },
    /** A fresh database on the suite's PostgreSQL, for several servers to share. */
    async createDatabase() {
      const database = await createPostgresDatabase(postgres!);
      dropped.push(database.drop);
      return database;
    },
  };
}

export function exited(server: RunningServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (hasExited(server.child)) {
    return Promise.resolve({ code: server.child.exitCode, signal: server.child.signalCode });
  }
  return new Promise((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** A signed-up user with a token and a fresh EUR account opened at 100.00 long ago. */
export async function newAccount(baseUrl: string) {
  const api = createClient(baseUrl);
  const { sessionToken } = await api.signUp();
  const { token } = await api.createToken(sessionToken, ALL_SCOPES);
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
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
export function statement(rows: number): { csv: string; total: number } {
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

export async function uploadAndConfirm(
  baseUrl: string,
  token: string,
  accountId: string,
  csv: string,
): Promise<string> {
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
export async function balanceOf(baseUrl: string, token: string, accountId: string): Promise<string> {
  const accounts = (await createClient(baseUrl).call("GET", "/api/v1/programmatic/accounts?limit=200", { token })).body
    .data;
  return accounts.find((account: any) => account.id === accountId).attributes.current_balance;
}

export async function until<T>(
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
