import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRY_DELAYS_MS } from "../../server/domain/webhooks/retry-schedule";
import { createClient } from "./client";
import { exited, newAccount, ownServers, statement, until, uploadAndConfirm } from "./instances-testing";
import { postgres, query } from "./postgres";

/**
 * Webhooks delivered by the built server to a receiver on this machine (WEBHOOK_ALLOW_PRIVATE and
 * WEBHOOK_ALLOW_HTTP on; retries 100,000 times sooner): signed as Standard Webhooks says, retried after
 * 500s, one event per write across two instances on one PostgreSQL, an endpoint that always fails
 * disabled, and a delivery whose instance was killed mid-attempt sent again by the other. On PostgreSQL only: the delivery code is the same on
 * PGlite, whose claims, retries and takeovers server/domain/webhooks/webhooks.test.ts runs.
 */

const own = ownServers();
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE: "true",
  WEBHOOK_ALLOW_HTTP: "true",
  // Retries 100,000 times sooner (the last after about 0.3 s), and 5 days of failures in 4.3 s.
  PFA_TEST_WEBHOOK_TIME_SCALE: "0.00001",
  PFA_TEST_WEBHOOK_LEASE_MS: "3000",
  SEED_ON_EMPTY: "false",
};

interface Received {
  url: string;
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; data: { ids?: string[]; count?: number; import_id?: string } };
}

/** The receiver: answers 200 unless `answer` says otherwise for a request (a status, or "hang" to never answer). */
const received: Received[] = [];
let answer: (request: Received) => number | "hang" = () => 200;
const hanging: ServerResponse[] = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    const got = { url: request.url ?? "", at: Date.now(), headers: request.headers, body, json: JSON.parse(body) };
    received.push(got);
    const status = answer(got);
    if (status === "hang") hanging.push(response);
    else response.writeHead(status).end();
  });
});
let receiverUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function subscribe(baseUrl: string, token: string, events: string[], path = "") {
  const created = await createClient(baseUrl).call("POST", "/api/v1/programmatic/webhooks", {
    token,
    headers: { "idempotency-key": randomUUID() },
    body: { url: `${receiverUrl}${path}`, events },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.data.id as string, secret: created.body.data.attributes.secret as string };
}

async function writeTransactions(baseUrl: string, token: string, accountId: string, descriptions: string[]) {
  const written = await createClient(baseUrl).call("POST", "/api/v1/programmatic/transactions", {
    token,
    headers: { "idempotency-key": randomUUID() },
    body: {
      transactions: descriptions.map((description, index) => ({
        account_id: accountId,
        date: "2026-03-01",
        amount: `-${index + 1}.00`,
        description,
      })),
    },
  });
  expect(written.status, JSON.stringify(written.body)).toBe(201);
  return (written.body.data as Array<{ id: string }>).map((row) => row.id);
}

const ofType = (type: string) => received.filter((each) => each.json.type === type);

/** Every body the receiver got fits the schema the served OpenAPI document gives its event under `webhooks`. */
async function expectDocumented(baseUrl: string, bodies: Received[]) {
  const document = await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json();
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    const event = document.webhooks[body.json.type];
    expect(event, body.json.type).toBeDefined();
    const validate = ajv.compile(event.post.requestBody.content["application/json"].schema);
    expect(validate(body.json) ? [] : validate.errors, body.json.type).toEqual([]);
  }
}

describe.skipIf(!postgres)("webhooks from the built server", () => {
  it("are signed, retried after 500s with the same id, one per write across two instances, for imports too", async () => {
    const database = await own.createDatabase();
    const [a, b] = await Promise.all([
      own.start({ databaseUrl: database.url, env: WEBHOOK_ENV }),
      own.start({ databaseUrl: database.url, env: WEBHOOK_ENV }),
    ]);
    const { token, accountId } = await newAccount(a.baseUrl);
    const hook = await subscribe(a.baseUrl, token, ["transactions.created", "import.parsed", "import.completed"]);

    // The first attempt of the first event fails twice with 500, then succeeds.
    let failures = 2;
    answer = () => (failures-- > 0 ? 500 : 200);
    const first = await writeTransactions(a.baseUrl, token, accountId, ["one", "two", "three"]);
    await until("the first event is delivered", 15_000, async () => ofType("transactions.created").length >= 3);
    const attempts = ofType("transactions.created");
    expect(new Set(attempts.map((each) => each.headers["webhook-id"])).size).toBe(1);
    const verifier = new Webhook(hook.secret);
    for (const each of attempts)
      expect(verifier.verify(each.body, each.headers as Record<string, string>)).toMatchObject({
        type: "transactions.created",
        data: { ids: [...first].sort(), count: 3, ids_truncated: false },
      });

    // Twenty writes through both instances: twenty events, each naming its own write's rows.
    received.length = 0;
    answer = () => 200;
    const writes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        writeTransactions(index % 2 ? a.baseUrl : b.baseUrl, token, accountId, [
          `write ${index} a`,
          `write ${index} b`,
        ]),
      ),
    );
    await until("every write's event arrives", 20_000, async () => ofType("transactions.created").length >= 20);
    // Nothing more comes: no write is announced twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const events = ofType("transactions.created");
    expect(events).toHaveLength(20);
    expect(new Set(events.map((each) => each.headers["webhook-id"])).size).toBe(20);
    expect(events.map((each) => [...each.json.data.ids!].sort().join()).sort()).toEqual(
      writes.map((ids) => [...ids].sort().join()).sort(),
    );

    // An import: parsed, then completed, and its rows in one transactions.created.
    received.length = 0;
    const importId = await uploadAndConfirm(b.baseUrl, token, accountId, statement(1_200).csv);
    await until("the import's events arrive", 20_000, async () => ofType("import.completed").length === 1);
    expect(ofType("import.parsed").map((each) => each.json.data)).toEqual([
      expect.objectContaining({ import_id: importId, account_id: accountId, status: "parsed", total_rows: 1_200 }),
    ]);
    expect(ofType("import.completed")[0]!.json.data).toMatchObject({ import_id: importId, imported_count: 1_200 });
    await until("the booked rows' event arrives", 10_000, async () => ofType("transactions.created").length === 1);
    expect(ofType("transactions.created")[0]!.json.data).toMatchObject({ count: 1_200, ids_truncated: true });
    expect(ofType("transactions.created")[0]!.json.data.ids).toHaveLength(1_000);
    await expectDocumented(b.baseUrl, [...received, ...attempts, ...events]);

    // The deliveries log says how the first one went.
    const log = await createClient(b.baseUrl).call(
      "GET",
      `/api/v1/programmatic/webhooks/${hook.id}/deliveries?limit=200`,
      { token },
    );
    const firstDelivery = log.body.data.find(
      (delivery: any) => delivery.webhook_id === attempts[0]!.headers["webhook-id"],
    );
    expect(firstDelivery).toMatchObject({ status: "succeeded", attempts: 3, response_status: 200 });

    // An endpoint that always answers 500: its delivery fails after the 8 attempts, and once its
    // failures span "5 days" (4.3 s here) the next failure disables it, which its reads say.
    received.length = 0;
    answer = (request) => (request.url.endsWith("/broken") ? 500 : 200);
    const broken = await subscribe(a.baseUrl, token, ["transactions.updated"], "/broken");
    const api = createClient(a.baseUrl);
    const touch = (id: string, notes: string) =>
      api.call("PATCH", "/api/v1/programmatic/transactions", {
        token,
        headers: { "idempotency-key": randomUUID() },
        body: { transactions: [{ id, notes }] },
      });
    expect((await touch(first[0]!, "first failure")).status).toBe(200);
    const failed = await until("the first event fails for good", 20_000, async () => {
      const log = await api.call("GET", `/api/v1/programmatic/webhooks/${broken.id}/deliveries`, { token });
      return log.body.data[0]?.status === "failed" ? log.body.data[0] : null;
    });
    expect(failed).toMatchObject({ attempts: 8, response_status: 500, error: "answered 500", next_attempt_at: null });
    const tries = received.filter((each) => each.url.endsWith("/broken"));
    expect(tries).toHaveLength(8);
    expect(new Set(tries.map((each) => each.headers["webhook-id"])).size).toBe(1);
    // Each retry waits at least its scaled delay (5 s, 5 min, ... x 0.00001), and they grow: the last
    // two wait 8 h x 0.00001 = 288 ms each, the first 5 s x 0.00001 = 0.05 ms.
    const gaps = tries.slice(1).map((each, index) => each.at - tries[index]!.at);
    RETRY_DELAYS_MS.forEach((delay, index) => expect(gaps[index]).toBeGreaterThanOrEqual(delay * 0.00001 * 0.9 - 2));
    expect(gaps[6]!).toBeGreaterThan(gaps[0]! + 200);
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect((await touch(first[1]!, "after five days")).status).toBe(200);
    const disabled = await until("the endpoint is disabled", 20_000, async () => {
      const read = await api.call("GET", `/api/v1/programmatic/webhooks/${broken.id}`, { token });
      return read.body.data.attributes.enabled === false ? read.body.data.attributes : null;
    });
    expect(disabled).toMatchObject({ disabled_reason: "failing", failing_since: expect.any(String) });
    expect(a.output() + b.output()).not.toMatch(/"level":50/);
  }, 180_000);

  it("a delivery whose instance is killed mid-attempt is sent again by the other instance", async () => {
    const database = await own.createDatabase();
    const first = await own.start({ databaseUrl: database.url, env: WEBHOOK_ENV });
    const { token, accountId } = await newAccount(first.baseUrl);
    await subscribe(first.baseUrl, token, ["transactions.deleted"]);
    received.length = 0;
    // The first attempt never gets an answer: its instance dies while it waits.
    answer = () => (received.length === 1 ? "hang" : 200);
    const [id] = await writeTransactions(first.baseUrl, token, accountId, ["to delete"]);
    const deleted = await createClient(first.baseUrl).call("DELETE", `/api/v1/programmatic/transactions/${id}`, {
      token,
      headers: { "idempotency-key": randomUUID() },
    });
    expect(deleted.status).toBe(200);
    await until("the first attempt reaches the receiver", 10_000, async () => received.length === 1);
    first.child.kill("SIGKILL");
    await exited(first);
    const killedAt = Date.now();

    const second = await own.start({ databaseUrl: database.url, env: WEBHOOK_ENV });
    await until("the other instance sends it again", 30_000, async () => received.length === 2);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
    expect(received[1]!.body).toBe(received[0]!.body);
    await until("the delivery is recorded", 5_000, async () => {
      const [now] = await query<{ status: string }>(database.url, "SELECT status FROM webhook_deliveries");
      return now?.status === "succeeded";
    });
    const [settled] = await query<{ status: string; attempts: number }>(
      database.url,
      "SELECT status, attempts FROM webhook_deliveries",
    );
    expect(settled).toEqual({ status: "succeeded", attempts: 2 });
    expect(second.output()).not.toMatch(/"level":50/);
  }, 120_000);
});
