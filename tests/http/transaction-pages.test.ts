import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { transactionsWorkspace } from "./transactions-testing";

/** The transaction list by cursor over REST: next_cursor in both modes, the cursor tied to its filters. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
let token: string;

beforeAll(async () => {
  let account: string;
  ({ token, account } = await transactionsWorkspace(api, "Pages"));
  const written = await api.call("POST", TX, {
    token,
    headers: { "idempotency-key": `pages-${Date.now()}-seed` },
    body: {
      transactions: Array.from({ length: 12 }, (_, index) => ({
        account_id: account,
        date: `2026-03-${String(10 + (index % 3)).padStart(2, "0")}`,
        amount: `-${index + 1}.00`,
        description: `Row ${index}`,
      })),
    },
  });
  expect(written.status).toBe(201);
});

describe("GET /transactions by cursor", () => {
  it("reads the whole list by next_cursor, in the order page mode answers it", async () => {
    const whole = (await api.call("GET", `${TX}?limit=200&sort=amount&order=desc`, { token })).body;
    expect(whole.meta).toMatchObject({ pagination: "page", page: 1, total: 12, next_cursor: null });
    const ids: string[] = [];
    // The first page in cursor mode: no count of the rows, the same rows and cursor as page mode's first page.
    let answer = await api.call("GET", `${TX}?limit=5&sort=amount&order=desc&pagination=cursor`, { token });
    expect(answer.body.meta).toEqual({
      pagination: "cursor",
      limit: 5,
      next_cursor: expect.any(String),
      server_knowledge: expect.any(String),
    });
    const pageMode = (await api.call("GET", `${TX}?limit=5&sort=amount&order=desc`, { token })).body;
    expect(pageMode.meta).toMatchObject({ pagination: "page", total: 12, next_cursor: answer.body.meta.next_cursor });
    for (;;) {
      ids.push(...answer.body.data.map((row: { id: string }) => row.id));
      const cursor = answer.body.meta.next_cursor as string | null;
      if (!cursor) break;
      answer = await api.call("GET", `${TX}?limit=5&sort=amount&order=desc&cursor=${cursor}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.meta).toEqual({
        pagination: "cursor",
        limit: 5,
        next_cursor: answer.body.meta.next_cursor,
        server_knowledge: expect.any(String),
      });
    }
    expect(ids).toEqual(whole.data.map((row: { id: string }) => row.id));
  });

  it("refuses a cursor with other filters (400), a forged one (400), and a cursor beside page (400 conflict)", async () => {
    const cursor = (await api.call("GET", `${TX}?limit=2`, { token })).body.meta.next_cursor;
    const other = await api.call("GET", `${TX}?limit=2&search=Row&cursor=${cursor}`, { token });
    expect([other.status, other.body.code, other.body.message]).toEqual([
      400,
      "VALIDATION_FAILED",
      expect.stringContaining("cursor"),
    ]);
    const forged = await api.call("GET", `${TX}?cursor=abc`, { token });
    expect([forged.status, forged.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    for (const conflicting of [
      `page=1&cursor=${cursor}`,
      "page=2&pagination=cursor",
      `pagination=page&cursor=${cursor}`,
    ]) {
      const both = await api.call("GET", `${TX}?${conflicting}`, { token });
      expect([both.status, both.body.code], conflicting).toEqual([400, "PROGRAMMATIC_PAGINATION_MODE_CONFLICT"]);
    }
    const badMode = await api.call("GET", `${TX}?pagination=pages`, { token });
    expect([badMode.status, badMode.body.issues?.[0]?.path]).toEqual([400, ["pagination"]]);
  });
});
