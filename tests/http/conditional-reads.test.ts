import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { transactionsWorkspace } from "./transactions-testing";

/** ETag on every GET answer and If-None-Match -> 304, so a polling client costs almost nothing. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
let token: string;
let account: string;

async function raw(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    text: await response.text(),
    headers: response.headers,
  };
}

beforeAll(async () => {
  ({ token, account } = await transactionsWorkspace(api, "Polling"));
});

describe("conditional reads", () => {
  it("answers 304 without a body while the answer is unchanged, and 200 with a new ETag once it changes", async () => {
    const first = await raw(`${TX}?limit=10`);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);

    const again = await raw(`${TX}?limit=10`, { "if-none-match": first.etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.etag).toBe(first.etag);
    expect(again.headers.get("ratelimit-remaining")).not.toBeNull();

    // The tag without W/ and a list of tags match too (weak comparison); another tag does not.
    const opaque = first.etag!.replace(/^W\//, "");
    expect((await raw(`${TX}?limit=10`, { "if-none-match": opaque })).status).toBe(304);
    expect((await raw(`${TX}?limit=10`, { "if-none-match": `"other", ${first.etag}` })).status).toBe(304);
    expect((await raw(`${TX}?limit=10`, { "if-none-match": '"other"' })).status).toBe(200);

    const written = await api.call("POST", TX, {
      token,
      headers: { "idempotency-key": `conditional-${Date.now()}-write` },
      body: { transactions: [{ account_id: account, date: "2026-02-01", amount: "-3.50", description: "Bäcker" }] },
    });
    expect(written.status).toBe(201);
    const changed = await raw(`${TX}?limit=10`, { "if-none-match": first.etag! });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.text).data).toHaveLength(1);
  });

  it("gives different answers different tags (another page, another filter) and errors none", async () => {
    const all = await raw(`${TX}?limit=10`);
    const none = await raw(`${TX}?limit=10&search=nothing-like-this`);
    expect(all.etag).not.toBe(none.etag);
    const refused = await raw(`${TX}?limit=0`);
    expect(refused.status).toBe(400);
    expect(refused.etag).toBeNull();
  });
});
