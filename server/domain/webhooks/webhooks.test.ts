import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWebhookWorkerLoop, type WebhookWorker } from "../../jobs/webhook-worker";
import { createTestWorkspace, useTestDatabase, type TestWorkspace } from "../../testing/fixtures";
import { revokeCredential } from "../identity/credentials";
import { expectAppError } from "../manage-testing";
import { dayToDate } from "../time/calendar";
import { webhookEvents } from "../../openapi/webhooks";
import { announceDerivedEvents, lookedAt } from "./derived-events";
import { claimDeliveries, recordOutcome } from "./delivery-attempts";
import { listDeliveries, messageBody, retryDelivery, sendTestEvent } from "./deliveries";
import { createEndpoint, MAX_ENDPOINTS, rotateSecret, updateEndpoint } from "./endpoints";
import { emitWebhookEvent, type WebhookEventType } from "./events";
import { newSigningKey, secretOf } from "./signing";

const db = useTestDatabase();
let mine: TestWorkspace;
let theirs: TestWorkspace;
let accountId: string;

/** A local receiver: answers each request with the next status of `answers` (then 200), and keeps what it got. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answers: number[] = [];
const arrived: Array<() => void> = [];

beforeAll(async () => {
  mine = await createTestWorkspace(db, { name: "Hooks" });
  theirs = await createTestWorkspace(db, { name: "Theirs" });
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: mine.workspace.id, name: "Bank" } });
  accountId = (
    await db.prisma.account.create({
      data: { workspaceId: mine.workspace.id, walletId: wallet.id, currencyId: mine.workspace.homeCurrencyId },
    })
  ).id;
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body, at: Date.now() });
      const status = answers.shift() ?? 200;
      if (status === 302) response.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
      else response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "ok" : "no");
      for (const wake of arrived.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

beforeEach(async () => {
  received = [];
  answers = [];
  await db.prisma.webhookEndpoint.deleteMany({});
  await db.prisma.webhookMessage.deleteMany({});
  await db.prisma.transaction.deleteMany({});
});

/** An endpoint of mine to the local receiver (written directly: the URL checks refuse loopback by default). */
async function endpoint(events: WebhookEventType[], who = mine) {
  const key = newSigningKey();
  const row = await db.prisma.webhookEndpoint.create({
    data: { workspaceId: who.workspace.id, url: receiverUrl, events, secret: key },
  });
  return { id: row.id, secret: secretOf(key) };
}

async function messages() {
  const rows = await db.prisma.webhookMessage.findMany({
    orderBy: { createdAt: "asc" },
    include: { deliveries: true },
  });
  return rows.map((row) => ({
    type: row.type,
    data: row.data as { ids?: string[] },
    deliveries: row.deliveries.length,
  }));
}

function transaction(description: string, amount = "-5.00") {
  return {
    workspaceId: mine.workspace.id,
    accountId,
    currencyId: mine.workspace.homeCurrencyId,
    type: amount.startsWith("-") ? ("expense" as const) : ("income" as const),
    date: dayToDate("2026-11-01"),
    amount,
    description,
  };
}

/** Waits until the receiver holds `count` requests (or fails after 10 s). */
async function receivedCount(count: number): Promise<Received[]> {
  const deadline = Date.now() + 10_000;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} of ${count} requests`);
    await new Promise<void>((resolve) => {
      arrived.push(resolve);
      setTimeout(resolve, 200);
    });
  }
  return received;
}

const open = { allowHttp: true, allowPrivate: true };

function worker(timeScale = 0.001): WebhookWorker {
  return startWebhookWorkerLoop(async () => db, { concurrency: 4, rules: open, timeScale });
}

describe("webhook events", () => {
  it("are one event per write with every id, written only when an enabled endpoint of the workspace takes the type", async () => {
    // No endpoint: nothing is written.
    await db.prisma.transaction.create({ data: transaction("before any endpoint") });
    expect(await messages()).toEqual([]);

    const hook = await endpoint(["transactions.created", "transactions.updated", "transactions.deleted"]);
    await endpoint(["transactions.created"], theirs);
    // Three statements in one write: one event naming all three rows, one delivery.
    const ids = await db.transaction(async (tx) => {
      const first = await tx.prisma.transaction.create({ data: transaction("a") });
      await tx.prisma.transaction.createMany({ data: [transaction("b"), transaction("c")] });
      // Rows the write itself created and then changed (a transfer linked, say) are part of their creation.
      await tx.prisma.transaction.update({ where: { id: first.id }, data: { notes: "linked" } });
      return (await tx.prisma.transaction.findMany({ where: { description: { in: ["a", "b", "c"] } } })).map(
        (row) => row.id,
      );
    });
    expect(await messages()).toEqual([{ type: "transactions.created", data: { ids: [...ids].sort() }, deliveries: 1 }]);

    // An update in a write of its own, and a delete.
    await db.prisma.transaction.updateMany({ where: { id: ids[0] }, data: { notes: "later" } });
    await db.prisma.transaction.deleteMany({ where: { id: { in: ids.slice(1) } } });
    const after = await messages();
    expect(after.slice(1)).toEqual([
      { type: "transactions.updated", data: { ids: [ids[0]] }, deliveries: 1 },
      { type: "transactions.deleted", data: { ids: ids.slice(1).sort() }, deliveries: 1 },
    ]);

    // A disabled endpoint is sent nothing new; other types of the workspace are not written either.
    await db.transaction((tx) => updateEndpoint({ ...mine, db: tx }, hook.id, { enabled: false }));
    await db.prisma.transaction.create({ data: transaction("while disabled") });
    await emitWebhookEvent(db, mine.workspace.id, "import.completed", { import_id: "x" });
    expect(await messages()).toHaveLength(3);
  });

  it("count rows a write created and then changed as created, also for an endpoint taking updated alone", async () => {
    await endpoint(["transactions.updated"]);
    const [created] = await db.transaction(async (tx) => {
      const row = await tx.prisma.transaction.create({ data: transaction("a transfer's side") });
      await tx.prisma.transaction.update({ where: { id: row.id }, data: { notes: "linked" } });
      return [row.id];
    });
    // A note of the created ids, delivered nowhere; no updated event.
    expect(await messages()).toEqual([{ type: "transactions.created", data: { ids: [created] }, deliveries: 0 }]);
    await db.prisma.transaction.update({ where: { id: created }, data: { notes: "changed later" } });
    expect((await messages()).filter((message) => message.type === "transactions.updated")).toEqual([
      { type: "transactions.updated", data: { ids: [created] }, deliveries: 1 },
    ]);
  });

  it("never stop a workspace being deleted, and go with it", async () => {
    const other = await createTestWorkspace(db, { name: "Short-lived" });
    await endpoint(["transactions.deleted", "transactions.created"], other);
    const wallet = await db.prisma.wallet.create({ data: { workspaceId: other.workspace.id, name: "W" } });
    const account = await db.prisma.account.create({
      data: { workspaceId: other.workspace.id, walletId: wallet.id, currencyId: other.workspace.homeCurrencyId },
    });
    await db.prisma.transaction.create({
      data: { ...transaction("x"), workspaceId: other.workspace.id, accountId: account.id },
    });
    expect(await db.prisma.webhookMessage.count({ where: { workspaceId: other.workspace.id } })).toBe(1);
    await db.prisma.workspace.delete({ where: { id: other.workspace.id } });
    expect(await db.prisma.webhookMessage.count({ where: { workspaceId: other.workspace.id } })).toBe(0);
  });

  it("say when a credential is revoked", async () => {
    await endpoint(["credential.revoked"]);
    const credential = await db.prisma.credential.create({
      data: {
        workspaceId: mine.workspace.id,
        userId: mine.userId,
        name: "script",
        audience: "programmatic_api",
        scopes: ["wallets:read"],
        tokenHash: `hash-${Date.now()}`,
        tokenPrefix: "pfa_x",
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    await revokeCredential(db, { user: { id: mine.userId } } as Parameters<typeof revokeCredential>[1], credential.id);
    expect(await messages()).toEqual([
      {
        type: "credential.revoked",
        data: {
          credential_id: credential.id,
          name: "script",
          audience: "programmatic_api",
          reason: "revoked_by_owner",
        },
        deliveries: 1,
      },
    ]);
    // The body sent is the one the OpenAPI document's webhooks section describes.
    const [message] = await db.prisma.webhookMessage.findMany();
    const body = JSON.parse(messageBody(message!));
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const webhooks = webhookEvents() as Record<string, any>;
    const validate = ajv.compile(webhooks["credential.revoked"].post.requestBody.content["application/json"].schema);
    expect(validate(body) ? [] : validate.errors).toEqual([]);
    expect(body).toMatchObject({ type: "credential.revoked", workspace_id: mine.workspace.id });
  });
});

describe("budget.exceeded and insight.created", () => {
  it("are announced once when a budget goes over, and not for what was there at the first look", async () => {
    const now = new Date("2026-11-15T12:00:00Z");
    await endpoint(["budget.exceeded", "insight.created"]);
    const groceries = await db.prisma.category.create({ data: { workspaceId: mine.workspace.id, name: "Groceries" } });
    const budget = await db.prisma.budget.create({
      data: {
        workspaceId: mine.workspace.id,
        name: "Food",
        currencyId: mine.workspace.homeCurrencyId,
        amount: "100",
        baseAmount: "100",
        startDate: dayToDate("2026-01-01"),
        categories: { create: [{ categoryId: groceries.id }] },
      },
    });
    // Already there at the first look: an uncategorised backlog. Marked, not announced.
    await db.prisma.transaction.createMany({
      data: Array.from({ length: 12 }, (_, index) => transaction(`unfiled ${index}`, "-1.00")),
    });
    const seen = lookedAt();
    expect(await announceDerivedEvents(db, seen, now)).toBe(0);
    await db.prisma.webhookMessage.deleteMany({ where: { type: { startsWith: "transactions." } } });
    expect(await messages()).toEqual([]);

    // 150 spent of 100: the budget is over, announced once; the overspend is a new insight too.
    await db.prisma.transaction.create({ data: { ...transaction("REWE", "-150.00"), categoryId: groceries.id } });
    expect(await announceDerivedEvents(db, seen, now)).toBeGreaterThanOrEqual(1);
    const derived = (await messages()).filter((message) => !message.type.startsWith("transactions."));
    expect(derived.filter((message) => message.type === "budget.exceeded")).toEqual([
      {
        type: "budget.exceeded",
        data: {
          budget_id: budget.id,
          name: "Food",
          period_start: "2026-11-01",
          period_end: "2026-11-30",
          available: "100.00",
          spent: "150.00",
          currency_code: "EUR",
        },
        deliveries: 1,
      },
    ]);
    const insights = derived.filter((message) => message.type === "insight.created");
    expect(insights.map((message) => (message.data as { type?: string }).type)).toContain("budget_overspend");

    // Looked at again, by this process or another: nothing is announced twice.
    expect(await announceDerivedEvents(db, seen, now)).toBe(0);
    await db.prisma.transaction.create({ data: { ...transaction("EDEKA", "-5.00"), categoryId: groceries.id } });
    expect(await announceDerivedEvents(db, lookedAt(), now)).toBe(0);
    const budgetEvents = (await messages()).filter((message) => message.type === "budget.exceeded");
    expect(budgetEvents).toHaveLength(1);
  });
});

describe("webhook endpoints", () => {
  it("refuse URLs that are not https or reach loopback, private or metadata addresses, and unknown events (400)", async () => {
    const create = (url: string, events = ["transactions.created"]) =>
      db.transaction((tx) => createEndpoint({ ...mine, db: tx }, { url, events }));
    for (const [url, reason] of [
      ["https://127.0.0.1/hook", /127\.0\.0\.1, a loopback address/],
      ["https://10.0.0.8/hook", /private/],
      ["https://169.254.169.254/latest/meta-data", /link-local/],
      ["https://localhost:8443/hook", /localhost resolves to/],
      ["http://example.com/hook", /https/],
      ["not a url", /absolute URL/],
    ] as const) {
      const error = await expectAppError(create(url), "VALIDATION_FAILED", reason);
      expect(error.issues.map((issue) => issue.path)).toEqual([["url"]]);
    }
    const unknown = await expectAppError(
      create("https://8.8.8.8/hook", ["transactions.created", "transaction.made", "everything"]),
      "VALIDATION_FAILED",
      /unknown events "transaction.made", "everything"/,
    );
    expect(unknown.issues[0]!.path).toEqual(["events"]);
  });

  it(`hold at most ${MAX_ENDPOINTS} a workspace, show the secret once, and sign with both secrets for a day after a rotation`, async () => {
    const created = await db.transaction((tx) =>
      createEndpoint({ ...mine, db: tx }, { url: "https://8.8.8.8/hook", events: ["transactions.created"] }),
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint.secret).not.toContain("whsec_");
    await db.prisma.webhookEndpoint.createMany({
      data: Array.from({ length: MAX_ENDPOINTS - 1 }, () => ({
        workspaceId: mine.workspace.id,
        url: "https://8.8.8.8/",
        events: ["ping"],
        secret: newSigningKey(),
      })),
    });
    await expectAppError(
      db.transaction((tx) =>
        createEndpoint({ ...mine, db: tx }, { url: "https://8.8.8.8/21", events: ["transactions.created"] }),
      ),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /at most 20/,
    );
    // Another workspace's endpoint is not found.
    await expectAppError(
      db.transaction((tx) => updateEndpoint({ ...theirs, db: tx }, created.endpoint.id, { enabled: false })),
      "RESOURCE_NOT_FOUND",
    );
    const rotated = await db.transaction((tx) => rotateSecret({ ...mine, db: tx }, created.endpoint.id));
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.endpoint.previousSecret).toBe(created.endpoint.secret);
    const overlap = rotated.endpoint.previousSecretExpiresAt!.getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
  });
});

describe("webhook delivery", () => {
  it("posts the event signed as Standard Webhooks says, the same id and body on every retry, with growing delays", async () => {
    const hook = await endpoint(["transactions.created"]);
    answers = [500, 503, 200];
    const row = await db.prisma.transaction.create({ data: transaction("signed") });
    const loop = worker();
    try {
      const got = await receivedCount(3);
      await loop.idle();
      const verifier = new Webhook(hook.secret);
      for (const each of got) {
        const payload = verifier.verify(each.body, each.headers as Record<string, string>) as Record<string, unknown>;
        expect(payload).toMatchObject({
          type: "transactions.created",
          workspace_id: mine.workspace.id,
          data: { ids: [row.id], count: 1, ids_truncated: false },
        });
        expect(each.headers["content-type"]).toBe("application/json");
      }
      expect(new Set(got.map((each) => each.headers["webhook-id"])).size).toBe(1);
      expect(new Set(got.map((each) => each.body)).size).toBe(1);
      // 5 s and 5 min, scaled by 0.001: about 5 ms, then about 300 ms (polled every 250 ms).
      const [first, second] = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at];
      expect(second).toBeGreaterThan(first);
      expect(second).toBeGreaterThanOrEqual(270);
      const [delivery] = (await listDeliveries(mine, hook.id, { page: 1, limit: 10 })).items;
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 3, response_status: 200, error: null });
      expect(delivery!.webhook_id).toBe(got[0]!.headers["webhook-id"]);
      expect(delivery!.latency_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await loop.stop();
    }
  });

  it("fails a delivery after the last retry, does not follow redirects, and disables an endpoint failing for 5 days", async () => {
    const hook = await endpoint(["import.completed"]);
    await emitWebhookEvent(db, mine.workspace.id, "import.completed", { import_id: "one" });
    answers = [302];
    // The last attempt: claimed with 7 attempts behind it.
    await db.prisma.webhookDelivery.updateMany({ data: { attempts: 7 } });
    const [claimed] = await claimDeliveries(db, 10);
    expect(claimed!.attempts).toBe(8);
    const loop = worker();
    await loop.stop();
    const { sendAttempt } = await import("./send");
    const outcome = await sendAttempt({ url: claimed!.url, body: claimed!.body, headers: {}, rules: open });
    expect(outcome).toMatchObject({
      ok: false,
      status: 302,
      error: expect.stringMatching(/redirect, which is not followed/),
    });
    await recordOutcome(db, claimed!, outcome, 0.001);
    const [failed] = (await listDeliveries(mine, hook.id, { page: 1, limit: 10 })).items;
    expect(failed).toMatchObject({ status: "failed", attempts: 8, response_status: 302, next_attempt_at: null });
    expect(received).toHaveLength(1);

    // Failing since six days: the next failure disables the endpoint, and says why.
    await db.prisma.webhookEndpoint.update({
      where: { id: hook.id },
      data: { failingSince: new Date(Date.now() - 6 * 86_400_000) },
    });
    await emitWebhookEvent(db, mine.workspace.id, "import.completed", { import_id: "two" });
    answers = [500];
    const [next] = await claimDeliveries(db, 10);
    await recordOutcome(db, next!, { ok: false, status: 500, latencyMs: 3, error: "answered 500" }, 1);
    const disabled = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "failing" });
    // Nothing new reaches it, and a retry asks to enable it first; a test event still goes out.
    await expectAppError(retryDelivery(mine, hook.id, next!.id), "DOMAIN_CONSTRAINT_VIOLATION", /enable it/);
    const ping = await sendTestEvent(mine, hook.id);
    expect(ping).toMatchObject({ event_type: "ping", status: "pending" });
    received = [];
    const pinger = worker();
    try {
      const [got] = await receivedCount(1);
      expect(JSON.parse(got!.body)).toMatchObject({ type: "ping", data: { endpoint_id: hook.id } });
      await pinger.idle();
    } finally {
      await pinger.stop();
    }
    // Enabled again: its failure record starts over.
    const enabled = await db.transaction((tx) => updateEndpoint({ ...mine, db: tx }, hook.id, { enabled: true }));
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("is given back untried when the instance stops while the receiver has not answered", async () => {
    const hook = await endpoint(["import.reverted"]);
    answers = [];
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    await db.prisma.webhookEndpoint.update({
      where: { id: hook.id },
      data: { url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never` },
    });
    try {
      await emitWebhookEvent(db, mine.workspace.id, "import.reverted", { import_id: "x" });
      const loop = startWebhookWorkerLoop(async () => db, { concurrency: 2, rules: open, stopGraceMs: 300 });
      // The attempt is under way: claimed, its request sent, no answer coming.
      const deadline = Date.now() + 5_000;
      while ((await db.prisma.webhookDelivery.findFirstOrThrow()).lockedAt === null) {
        if (Date.now() > deadline) throw new Error("the delivery was not claimed");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const stopping = Date.now();
      await loop.stop();
      expect(Date.now() - stopping).toBeLessThan(3_000);
      const given = await db.prisma.webhookDelivery.findFirstOrThrow();
      expect(given).toMatchObject({ status: "pending", attempts: 0, lockedAt: null });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it("is taken over by another instance when the one sending it died, and only the live claim's outcome counts", async () => {
    const hook = await endpoint(["import.failed"]);
    await emitWebhookEvent(db, mine.workspace.id, "import.failed", { import_id: "x" });
    const [dead] = await claimDeliveries(db, 10, 1_000);
    expect(dead).toBeDefined();
    // While the lease holds, nobody else takes it.
    expect(await claimDeliveries(db, 10, 1_000)).toEqual([]);
    await db.prisma.webhookDelivery.updateMany({ data: { lockedAt: new Date(Date.now() - 2_000) } });
    const [live] = await claimDeliveries(db, 10, 1_000);
    expect(live).toMatchObject({ id: dead!.id, attempts: 2 });
    // The dead instance's late outcome is ignored; the live one's is kept.
    await recordOutcome(db, dead!, { ok: false, status: 500, latencyMs: 1, error: "answered 500" });
    await recordOutcome(db, live!, { ok: true, status: 204, latencyMs: 1, error: null });
    const [delivery] = (await listDeliveries(mine, hook.id, { page: 1, limit: 10 })).items;
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2, response_status: 204 });
  });
});
