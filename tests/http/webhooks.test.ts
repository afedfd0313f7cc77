import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";

/**
 * Webhook endpoints over REST on the shared server, which runs with the address rules on (no
 * WEBHOOK_ALLOW_PRIVATE, no WEBHOOK_ALLOW_HTTP): managed, refused, and kept per workspace. Their
 * deliveries to a receiver are tests/http/instances-webhooks.test.ts's.
 */

const api = createClient(inject("baseUrl"));
const HOOKS = "/api/v1/programmatic/webhooks";

let token: string;
let readOnly: string;
let noWebhooks: string;
let theirs: string;

beforeAll(async () => {
  const { sessionToken } = await api.signUp();
  token = (await api.createToken(sessionToken, ALL_SCOPES)).token;
  readOnly = (await api.createToken(sessionToken, ["webhooks:read"])).token;
  noWebhooks = (await api.createToken(sessionToken, ["transactions:read"])).token;
  const other = await api.signUp();
  theirs = (await api.createToken(other.sessionToken, ALL_SCOPES)).token;
});

const create = (body: unknown, as = token) =>
  api.call("POST", HOOKS, { token: as, body, headers: { "idempotency-key": randomUUID() } });

describe("webhook endpoints", () => {
  it("are created with a secret shown once, listed, changed, rotated, tested and deleted", async () => {
    const created = await create({
      url: "https://8.8.8.8/finance/hooks",
      events: ["transactions.created", "import.completed", "transactions.created"],
      description: "Bot",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, attributes } = created.body.data;
    expect(attributes).toMatchObject({
      url: "https://8.8.8.8/finance/hooks",
      events: ["transactions.created", "import.completed"],
      description: "Bot",
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
    expect(attributes.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // The secret is never shown again.
    const read = await api.call("GET", `${HOOKS}/${id}`, { token: readOnly });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).not.toHaveProperty("secret");
    expect(JSON.stringify(read.body)).not.toContain(attributes.secret.slice(6));
    const list = await api.call("GET", HOOKS, { token: readOnly });
    expect(list.body.data.map((endpoint: any) => endpoint.id)).toEqual([id]);
    expect(list.body.meta).toMatchObject({ pagination: "page", total: 1 });

    const changed = await api.call("PATCH", `${HOOKS}/${id}`, {
      token,
      body: { events: ["transactions.deleted"], enabled: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      events: ["transactions.deleted"],
      enabled: false,
      disabled_reason: "by_request",
    });

    const rotated = await api.call("POST", `${HOOKS}/${id}/rotate-secret`, { token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.attributes.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.attributes.secret).not.toBe(attributes.secret);
    expect(Date.parse(rotated.body.data.attributes.previous_secret_expires_at) - Date.now()).toBeGreaterThan(
      23 * 3_600_000,
    );

    // A test event goes to a disabled endpoint too; its delivery is in the log at once.
    const test = await api.call("POST", `${HOOKS}/${id}/test`, { token });
    expect(test.status).toBe(202);
    expect(test.body.data).toMatchObject({
      event_type: "ping",
      endpoint_id: id,
      webhook_id: expect.stringMatching(/^msg_/),
    });
    const deliveries = await api.call("GET", `${HOOKS}/${id}/deliveries?limit=1`, { token: readOnly });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data[0]).toMatchObject({ id: test.body.data.id, event_type: "ping" });
    expect(deliveries.body.meta).toMatchObject({ pagination: "page", total: 1, next_cursor: null });

    expect((await api.call("DELETE", `${HOOKS}/${id}`, { token })).status).toBe(204);
    expect((await api.call("GET", `${HOOKS}/${id}`, { token })).status).toBe(404);
  });

  it("refuse loopback, private, link-local and metadata targets, plain http, long URLs and unknown events, naming the field", async () => {
    const refusals: Array<[unknown, string, RegExp]> = [
      [{ url: "https://127.0.0.1/hook" }, "url", /127\.0\.0\.1, a loopback address/],
      [{ url: "https://10.20.30.40/hook" }, "url", /a private address/],
      [{ url: "https://169.254.169.254/latest/meta-data/" }, "url", /link-local/],
      [{ url: "https://[::ffff:127.0.0.1]/hook" }, "url", /loopback/],
      [{ url: "https://localhost:8443/hook" }, "url", /localhost resolves to .* loopback/],
      [{ url: "http://8.8.8.8/hook" }, "url", /https:\/\//],
      [{ url: "/relative" }, "url", /absolute URL/],
      [{ url: `https://8.8.8.8/${"x".repeat(2_001)}` }, "url", /at most 2000 characters/],
      [{ url: "https://8.8.8.8/hook", events: ["transactions.made"] }, "events", /unknown event "transactions.made"/],
      [{ url: "https://8.8.8.8/hook", events: ["ping"] }, "events", /"ping" is the test event/],
      [{ url: "https://8.8.8.8/hook", events: [] }, "events", /at least one event/],
      [{ url: "https://8.8.8.8/hook", secret: "mine" }, "secret", /.+/],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await create({ events: ["transactions.created"], ...(body as object) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
      expect(
        answer.body.issues.map((issue: any) => issue.path[0]),
        JSON.stringify(answer.body),
      ).toContain(field);
      expect(answer.body.message).toMatch(message);
    }
    expect((await api.call("GET", HOOKS, { token })).body.meta.total).toBe(0);
  });

  it("belong to their workspace, need their scopes and an Idempotency-Key to create", async () => {
    const mine = await create({ url: "https://1.1.1.1/hook", events: ["credential.revoked"] });
    expect(mine.status).toBe(201);
    const id = mine.body.data.id;
    for (const [method, path] of [
      ["GET", `${HOOKS}/${id}`],
      ["PATCH", `${HOOKS}/${id}`],
      ["DELETE", `${HOOKS}/${id}`],
      ["POST", `${HOOKS}/${id}/test`],
      ["GET", `${HOOKS}/${id}/deliveries`],
      ["POST", `${HOOKS}/${id}/deliveries/${randomUUID()}/retry`],
    ] as const) {
      const answer = await api.call(method, path, { token: theirs, ...(method === "PATCH" ? { body: {} } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe("RESOURCE_NOT_FOUND");
    }
    expect((await api.call("GET", HOOKS, { token: theirs })).body.data).toEqual([]);
    expect((await api.call("GET", HOOKS, { token: noWebhooks })).body).toMatchObject({
      statusCode: 403,
      code: "INSUFFICIENT_SCOPE",
    });
    expect((await create({ url: "https://1.1.1.1/x", events: ["ping"] }, readOnly)).status).toBe(403);
    const keyless = await api.call("POST", HOOKS, {
      token,
      body: { url: "https://1.1.1.1/x", events: ["import.failed"] },
    });
    expect(keyless.status).toBe(400);
    expect(keyless.body.code).toBe("IDEMPOTENCY_KEY_INVALID");
    // A retry with the same key answers the same endpoint (with its secret), not a second one.
    const key = randomUUID();
    const body = { url: "https://1.1.1.1/again", events: ["import.failed"] };
    const first = await api.call("POST", HOOKS, { token, body, headers: { "idempotency-key": key } });
    const again = await api.call("POST", HOOKS, { token, body, headers: { "idempotency-key": key } });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
  });
});
