import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";

const api = createClient(inject("baseUrl"));

let tokenA: string;
let tokenB: string;

async function listIds(token: string, path: string): Promise<string[]> {
  const response = await api.call("GET", path, { token });
  expect(response.status).toBe(200);
  return response.body.data.map((item: { id: string }) => item.id);
}

beforeAll(async () => {
  const demoSession = await api.signIn("demo@example.com", "demo-password-1234");
  tokenA = (await api.createToken(demoSession, ALL_SCOPES)).token;
  const other = await api.signUp();
  tokenB = (await api.createToken(other.sessionToken, ALL_SCOPES)).token;
});

describe("workspace isolation", () => {
  it("answers 404 to user B for each of user A's wallets and budgets", async () => {
    const wallets = await listIds(tokenA, "/api/v1/programmatic/wallets?include_archived=true");
    const budgets = await listIds(tokenA, "/api/v1/programmatic/budgets");
    expect(wallets.length).toBeGreaterThanOrEqual(4);
    expect(budgets.length).toBeGreaterThanOrEqual(2);
    for (const id of wallets) {
      const response = await api.call("GET", `/api/v1/programmatic/wallets/${id}`, { token: tokenB });
      expect([id, response.status, response.body.code]).toEqual([id, 404, "RESOURCE_NOT_FOUND"]);
    }
    for (const id of budgets) {
      const response = await api.call("GET", `/api/v1/programmatic/budgets/${id}`, { token: tokenB });
      expect([id, response.status, response.body.code]).toEqual([id, 404, "RESOURCE_NOT_FOUND"]);
    }
  });

  it("shows user B none of user A's rows in the lists", async () => {
    const lists = [
      "/api/v1/programmatic/categories?limit=200",
      "/api/v1/programmatic/recurring-rules?limit=200",
      "/api/v1/programmatic/goals?status=all&limit=200",
      "/api/v1/programmatic/accounts?limit=200",
      "/api/v1/programmatic/wallets?include_archived=true&limit=200",
      "/api/v1/programmatic/budgets?limit=200",
    ];
    for (const path of lists) {
      const ofA = await listIds(tokenA, path);
      const ofB = await listIds(tokenB, path);
      expect([path, ofA.length > 0]).toEqual([path, true]);
      expect([path, ofB.filter((id) => ofA.includes(id))]).toEqual([path, []]);
    }
    // B's own workspace starts with its system categories and nothing else.
    expect((await listIds(tokenB, "/api/v1/programmatic/categories?limit=200")).length).toBeGreaterThan(10);
    expect(await listIds(tokenB, "/api/v1/programmatic/accounts")).toEqual([]);
  });
});

describe("pagination", () => {
  it("walks every category exactly once with the cursor, in the page mode's order", async () => {
    const all = await api.call("GET", "/api/v1/programmatic/categories?limit=200", { token: tokenA });
    const expected = all.body.data.map((item: { id: string }) => item.id);
    expect(all.body.meta.total).toBe(expected.length);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=7&cursor=${encodeURIComponent(cursor)}` : "limit=7";
      const page = await api.call("GET", `/api/v1/programmatic/categories?${query}`, { token: tokenA });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((item: { id: string }) => item.id));
      cursor = page.body.meta.next_cursor;
      pages += 1;
      expect(page.body.meta.pagination).toBe(pages === 1 ? "page" : "cursor");
    } while (cursor !== null && pages < 100);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it("answers an empty page beyond the end, with the total", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/categories?page=1000&limit=50", { token: tokenA });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta).toMatchObject({ pagination: "page", page: 1000, limit: 50, next_cursor: null });
    expect(response.body.meta.total).toBeGreaterThan(0);
  });

  it.each(["limit=0", "limit=201", "limit=abc", "page=0", "cursor=garbage"])(
    "answers 400 naming the parameter for %s",
    async (query) => {
      const response = await api.call("GET", `/api/v1/programmatic/categories?${query}`, { token: tokenA });
      expect([response.status, response.body.code]).toEqual([400, "VALIDATION_FAILED"]);
      expect(response.body.message).toContain(query.split("=")[0]);
    },
  );

  it.each(["categories", "goals", "accounts", "wallets", "budgets"])(
    "answers 400 PROGRAMMATIC_PAGINATION_MODE_CONFLICT for page with cursor on %s",
    async (list) => {
      // Goals are filtered by status (active by default); the other lists take no status.
      const status = list === "goals" ? "&status=all" : "";
      const first = await api.call("GET", `/api/v1/programmatic/${list}?limit=1${status}`, { token: tokenA });
      const cursor = first.body.meta.next_cursor ?? "WzAsIngiLCIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiXQ";
      const response = await api.call("GET", `/api/v1/programmatic/${list}?page=1&cursor=${cursor}`, { token: tokenA });
      expect([response.status, response.body.code]).toEqual([400, "PROGRAMMATIC_PAGINATION_MODE_CONFLICT"]);
    },
  );

  it("pages recurring rules with meta {total, page, limit} (and the extensions next_cursor, server_knowledge)", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/recurring-rules?page=1&limit=5", { token: tokenA });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.meta).sort()).toEqual([
      "limit",
      "next_cursor",
      "page",
      "server_knowledge",
      "total",
    ]);
    expect(response.body.data.length).toBeLessThanOrEqual(5);
    expect(response.body.meta.total).toBeGreaterThan(5);
  });
});
