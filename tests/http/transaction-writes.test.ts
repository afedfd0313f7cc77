import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { atOnce } from "./at-once";
import { createClient } from "./client";
import { connectMcp } from "./mcp-testing";

/** Transaction writes over REST and MCP: bulk create/upsert by external_id, bulk patch, delete, one read. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
let session: string;
let writer: string;
let checking: string;
let groceries: string;
let keys = 0;
const key = () => ({ "idempotency-key": `tx-writes-${process.pid}-${++keys}-${Date.now()}` });

async function newAccount(name: string, currency = "EUR"): Promise<string> {
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name,
      accounts: [{ currency_code: currency, opening_balance: "100.00", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token: writer })).body.data;
  return accounts.find((account: { attributes: { name: string } }) => account.attributes.name === name).id;
}

const balanceOf = async (id: string) =>
  (await api.call("GET", "/api/v1/programmatic/accounts", { token: writer })).body.data.find(
    (account: { id: string }) => account.id === id,
  ).attributes.current_balance as string;

beforeAll(async () => {
  session = (await api.signUp()).sessionToken;
  writer = (await api.createToken(session, ["transactions:read", "transactions:write", "accounts:read"])).token;
  checking = await newAccount("Girokonto");
  const created = await api.call("POST", "/api/trpc/categories.create", {
    token: session,
    body: { name: "Lebensmittel", group_id: null, icon_name: null, aliases: [] },
  });
  groceries = created.body.result.data.id;
});

describe("POST /transactions: create, or update by external_id", () => {
  it("creates rows, then on the same external_ids answers unchanged or updated, never a duplicate", async () => {
    const rows = [
      { account_id: checking, date: "2026-02-01", amount: "-23.80", description: "REWE 4711", external_id: "b-1" },
      { account_id: checking, date: "2026-02-02", amount: "1500.00", description: "Gehalt", external_id: "b-2" },
    ];
    const first = await api.call("POST", TX, { token: writer, headers: key(), body: { transactions: rows } });
    expect(first.status).toBe(201);
    expect(first.body.data.map((row: { status: string }) => row.status)).toEqual(["created", "created"]);
    const [rewe, salary] = first.body.data.map((row: { id: string }) => row.id);
    expect(await balanceOf(checking)).toBe("1576.20");
    const account = first.body.side_effects.find((effect: { domain: string }) => effect.domain === "accounts");
    expect(account).toMatchObject({ id: checking, data: { current_balance: "1576.20" } });

    const read = await api.call("GET", `${TX}/${rewe}`, { token: writer });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: rewe, type: "expense", amount: "-23.80", external_id: "b-1" });

    // A person categorises the row; the next sync without category_id keeps it.
    const categorised = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: rewe, category_id: groceries }] },
    });
    expect(categorised.body.data).toEqual([{ id: rewe, status: "updated", external_id: "b-1" }]);
    const again = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [rows[0], { ...rows[1], amount: "1550.00" }] },
    });
    expect(again.body.data).toEqual([
      { id: rewe, status: "unchanged", external_id: "b-1" },
      { id: salary, status: "updated", external_id: "b-2" },
    ]);
    expect((await api.call("GET", `${TX}/${rewe}`, { token: writer })).body.data.category_id).toBe(groceries);
    expect(await balanceOf(checking)).toBe("1626.20");
    const list = await api.call("GET", `${TX}?account_id=${checking}&limit=50`, { token: writer });
    expect(list.body.data).toHaveLength(2);
  });

  it("writes tags, filters the list by one, and refuses a bad tag with 400 naming it", async () => {
    const account = await newAccount("Tagged");
    const written = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: {
        transactions: [
          { account_id: account, date: "2026-03-01", amount: "-12.00", description: "Ferry", tags: ["Trip", "trip"] },
          { account_id: account, date: "2026-03-02", amount: "-4.00", description: "Newspaper" },
        ],
      },
    });
    expect(written.status).toBe(201);
    const [ferry, paper] = written.body.data.map((row: { id: string }) => row.id);
    const tagged = await api.call("GET", `${TX}?tag=Trip`, { token: writer });
    expect(tagged.body.data.map((row: { id: string; tags: string[] }) => [row.id, row.tags])).toEqual([
      [ferry, ["Trip"]],
    ]);
    expect(tagged.body.meta.total).toBe(1);
    expect((await api.call("GET", `${TX}/${paper}`, { token: writer })).body.data.tags).toEqual([]);

    const bad = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: paper, tags: ["fine", "x".repeat(51)] }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
    expect(bad.body.message).toContain("transactions.0.tags.1");
    const control = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: paper, tags: ["a\u0000b"] }] },
    });
    expect(control.status).toBe(400);
    expect((await api.call("GET", `${TX}/${paper}`, { token: writer })).body.data.tags).toEqual([]);
  });

  it("writes all or nothing: one bad row leaves every other unwritten, and the refusal names the row", async () => {
    const before = await balanceOf(checking);
    const answer = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: {
        transactions: [
          { account_id: checking, date: "2026-03-01", amount: "-5.00", description: "fine" },
          { account_id: checking, date: "2026-03-01", amount: "-5.001", description: "three decimals" },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { path: ["transactions", 1, "amount"], code: "custom", message: expect.any(String) },
    ]);
    expect(await balanceOf(checking)).toBe(before);
  });

  it("refuses a day outside 1900-2199 with 400 naming it, on REST and in the dashboard, never a 500 or another day", async () => {
    // Year 0000 was a 500 on REST (PostgreSQL has no such day) and stored as 1900-01-01 through tRPC.
    for (const date of ["0000-01-01", "0001-01-01", "1899-12-31", "2200-01-01", "9999-12-31"]) {
      const rest = await api.call("POST", TX, {
        token: writer,
        body: { dry_run: true, transactions: [{ account_id: checking, date, amount: "-1.00", description: "x" }] },
      });
      expect([date, rest.status, rest.body.issues]).toEqual([
        date,
        400,
        [{ path: ["transactions", 0, "date"], code: "custom", message: "must be a day from 1900-01-01 to 2199-12-31" }],
      ]);
      const dashboard = await api.call("POST", "/api/trpc/transactions.create", {
        token: session,
        body: { account_id: checking, type: "expense", date, amount: "1.00", description: "x" },
      });
      expect([date, dashboard.status]).toEqual([date, 400]);
      const opening = await api.call("POST", "/api/trpc/wallets.create", {
        token: session,
        body: {
          name: `Old ${date}`,
          accounts: [{ currency_code: "EUR", opening_balance: "1.00", opening_balance_date: date }],
        },
      });
      expect([date, opening.status]).toEqual([date, 400]);
    }
    // A search may reach further back: from=0001-01-01 is every transaction; 0000 is no day.
    expect((await api.call("GET", `${TX}?from=0001-01-01`, { token: writer })).status).toBe(200);
    const zero = await api.call("GET", `${TX}?from=0000-01-01`, { token: writer });
    expect([zero.status, zero.body.issues?.[0]?.path]).toEqual([400, ["from"]]);
  });

  it("answers a dry run with the same statuses and writes nothing, without an Idempotency-Key", async () => {
    const before = await balanceOf(checking);
    const answer = await api.call("POST", TX, {
      token: writer,
      body: {
        dry_run: true,
        transactions: [{ account_id: checking, date: "2026-03-02", amount: "-9.99", description: "Netflix" }],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0].status).toBe("created");
    expect(await api.call("GET", `${TX}/${answer.body.data[0].id}`, { token: writer })).toMatchObject({ status: 404 });
    expect(await balanceOf(checking)).toBe(before);
  });

  it("replays a retry with the same Idempotency-Key instead of writing twice", async () => {
    const headers = key();
    const body = {
      transactions: [{ account_id: checking, date: "2026-03-03", amount: "-1.00", description: "Kiosk" }],
    };
    const first = await api.call("POST", TX, { token: writer, headers, body });
    const retry = await api.call("POST", TX, { token: writer, headers, body });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.data).toEqual(first.body.data);
    const kiosk = await api.call("GET", `${TX}?search=Kiosk`, { token: writer });
    expect(kiosk.body.data).toHaveLength(1);
  });

  it("refuses another workspace's account or category (404 naming the row), a repeated external_id and an empty or oversized body", async () => {
    const other = await api.signUp();
    const otherToken = (await api.createToken(other.sessionToken, ["transactions:write"])).token;
    const foreign = await api.call("POST", TX, {
      token: otherToken,
      headers: key(),
      body: { transactions: [{ account_id: checking, date: "2026-03-01", amount: "-1", description: "x" }] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toContain("transactions.0.account_id");
    const foreignCategory = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: {
        transactions: [
          {
            account_id: checking,
            date: "2026-03-01",
            amount: "-1",
            description: "x",
            category_id: crypto.randomUUID(),
          },
        ],
      },
    });
    expect([foreignCategory.status, foreignCategory.body.message]).toEqual([
      404,
      expect.stringContaining("category_id"),
    ]);
    const repeated = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: {
        transactions: [1, 2].map(() => ({
          account_id: checking,
          date: "2026-03-01",
          amount: "-1",
          description: "x",
          external_id: "same",
        })),
      },
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.issues[0].path).toEqual(["transactions", 1, "external_id"]);
    const row = { account_id: checking, date: "2026-03-01", amount: "-1", description: "x" };
    for (const transactions of [[], Array.from({ length: 501 }, () => row)]) {
      const refused = await api.call("POST", TX, { token: writer, headers: key(), body: { transactions } });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toEqual(["transactions"]);
    }
  });

  it("creates one row when several writes of the same external_id arrive at once", async () => {
    const row = {
      account_id: checking,
      date: "2026-03-05",
      amount: "-7.00",
      description: "Parallel",
      external_id: "par-1",
    };
    const answers = await atOnce(6, () =>
      api.call("POST", TX, { token: writer, headers: key(), body: { transactions: [row] } }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const statuses = answers.map((answer) => answer.body.data[0].status).sort();
    expect(statuses).toEqual(["created", "unchanged", "unchanged", "unchanged", "unchanged", "unchanged"]);
    const listed = await api.call("GET", `${TX}?search=Parallel`, { token: writer });
    expect(listed.body.data).toHaveLength(1);
  });

  it("takes ids written in capitals, as Swift and .NET write UUIDs", async () => {
    const answer = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: {
        transactions: [
          {
            account_id: checking.toUpperCase(),
            date: "2026-03-04",
            amount: "-2.00",
            description: "Capitals",
            category_id: groceries.toUpperCase(),
          },
        ],
      },
    });
    expect(answer.status).toBe(201);
    const read = await api.call("GET", `${TX}/${answer.body.data[0].id}`, { token: writer });
    expect(read.body.data).toMatchObject({ account_id: checking, category_id: groceries });
    const patched = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: answer.body.data[0].id.toUpperCase(), notes: "upper" }] },
    });
    expect(patched.body.data[0].status).toBe("updated");
  });

  it("answers a literal path beside {id} as its own: GET /transactions/suggest-categories is 405, not a bad id", async () => {
    const answer = await api.call("GET", `${TX}/suggest-categories`, { token: writer });
    expect([answer.status, answer.headers.get("allow")]).toEqual([405, expect.stringContaining("POST")]);
  });

  it("needs transactions:write, and an Idempotency-Key when it writes", async () => {
    const reader = (await api.createToken(session, ["transactions:read"])).token;
    const body = { transactions: [{ account_id: checking, date: "2026-03-01", amount: "-1", description: "x" }] };
    expect((await api.call("POST", TX, { token: reader, headers: key(), body })).status).toBe(403);
    const keyless = await api.call("POST", TX, { token: writer, body });
    expect([keyless.status, keyless.body.code]).toEqual([400, "IDEMPOTENCY_KEY_INVALID"]);
  });
});

describe("PATCH /transactions and DELETE /transactions/{id}", () => {
  it("changes only the fields given, flips the type with the sign, and refuses another workspace's id", async () => {
    const created = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ account_id: checking, date: "2026-04-01", amount: "-30.00", description: "Rückgabe" }] },
    });
    const id = created.body.data[0].id;
    const patched = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id, amount: "30.00", notes: "refund" }] },
    });
    expect(patched.status).toBe(200);
    const read = (await api.call("GET", `${TX}/${id}`, { token: writer })).body.data;
    expect(read).toMatchObject({
      type: "income",
      amount: "30.00",
      notes: "refund",
      description: "Rückgabe",
      date: "2026-04-01",
    });
    const same = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id, notes: "refund" }] },
    });
    expect(same.body.data[0].status).toBe("unchanged");

    const other = await api.signUp();
    const otherToken = (await api.createToken(other.sessionToken, ["transactions:write"])).token;
    const foreign = await api.call("PATCH", TX, {
      token: otherToken,
      headers: key(),
      body: { transactions: [{ id, notes: "mine now" }] },
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, expect.stringContaining("transactions.0.id")]);
  });

  it("deletes a transaction, moving the balance back, and answers a retry from its record", async () => {
    const created = await api.call("POST", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ account_id: checking, date: "2026-04-02", amount: "-50.00", description: "Bahn" }] },
    });
    const id = created.body.data[0].id;
    const before = await balanceOf(checking);
    const headers = key();
    const deleted = await api.call("DELETE", `${TX}/${id}`, { token: writer, headers });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.deleted).toEqual([id]);
    expect(Number(await balanceOf(checking))).toBeCloseTo(Number(before) + 50, 2);
    const retry = await api.call("DELETE", `${TX}/${id}`, { token: writer, headers });
    expect([retry.status, retry.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect((await api.call("DELETE", `${TX}/${id}`, { token: writer, headers: key() })).status).toBe(404);
  });
});

describe("transaction writes over MCP", () => {
  let client: Client;
  afterAll(async () => client?.close());

  it("offers the writes as tools with the same scope, and a dry run changes nothing", async () => {
    client = await connectMcp(
      (await api.createToken(session, ["transactions:read", "transactions:write"], "mcp")).token,
      baseUrl,
    );
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["write_transactions", "update_transactions", "get_transaction"]));
    const before = await balanceOf(checking);
    const dry = await client.callTool({
      name: "write_transactions",
      arguments: {
        dry_run: true,
        transactions: [{ account_id: checking, date: "2026-05-01", amount: "-12.00", description: "Kino" }],
      },
    });
    expect(dry.isError).toBeFalsy();
    expect((dry.structuredContent as { data: Array<{ status: string }> }).data[0]!.status).toBe("created");
    expect(await balanceOf(checking)).toBe(before);
  });
});
