import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createClient } from "./client";
import { connectMcp } from "./mcp-testing";

/**
 * Reconciling an account to a statement balance: the difference against the cleared balance,
 * marking rows cleared, finishing at zero (locks), the lock's 409, the unlock, the wallet's fields.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
let session: string;
let writer: string;
let account: string;
let wallet: string;
let groceries: string;
let keys = 0;
const key = () => ({ "idempotency-key": `reconcile-${process.pid}-${++keys}-${Date.now()}` });
const reconcile = (body: object, token = writer, id = account) =>
  api.call("POST", `/api/v1/programmatic/accounts/${id}/reconciliations`, { token, body });

let rent: string;
let refund: string;
let salary: string;

beforeAll(async () => {
  session = (await api.signUp()).sessionToken;
  writer = (await api.createToken(session, ["transactions:read", "transactions:write", "wallets:read"])).token;
  const created = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name: "Girokonto",
      accounts: [{ currency_code: "EUR", opening_balance: "100.00", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(created.status).toBe(200);
  const wallets = (await api.call("GET", "/api/v1/programmatic/wallets", { token: writer })).body.data;
  wallet = wallets[0].id;
  account = wallets[0].attributes.accounts[0].id;
  const category = await api.call("POST", "/api/trpc/categories.create", {
    token: session,
    body: { name: "Lebensmittel", group_id: null, icon_name: null, aliases: [] },
  });
  groceries = category.body.result.data.id;
  const written = await api.call("POST", TX, {
    token: writer,
    headers: key(),
    body: {
      transactions: [
        { account_id: account, date: "2026-01-05", amount: "-20.00", description: "Miete Januar", cleared: true },
        { account_id: account, date: "2026-01-20", amount: "50.00", description: "Erstattung" },
        { account_id: account, date: "2026-02-03", amount: "-5.00", description: "Kiosk" },
        { account_id: account, date: "2026-01-31", amount: "0.00", description: "Gehalt (null)" },
      ],
    },
  });
  expect(written.status).toBe(201);
  [rent, refund, , salary] = written.body.data.map((row: { id: string }) => row.id);
});

describe("POST /accounts/{id}/reconciliations", () => {
  it("answers the difference against the cleared balance and changes nothing without finish", async () => {
    const answer = await reconcile({ statement_balance: "130.00", as_of: "2026-01-31" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: null,
      account_id: account,
      as_of: "2026-01-31",
      statement_balance: "130.00",
      // 100.00 opening, -20.00 cleared; the 50.00 refund is not cleared yet; the kiosk row is after as_of.
      cleared_balance: "80.00",
      difference: "50.00",
      uncleared_count: 2,
      uncleared_amount: "50.00",
      reconciled: false,
      locked_count: 0,
    });
    const row = await api.call("GET", `${TX}/${rent}`, { token: writer });
    expect(row.body.data).toMatchObject({ cleared: true, reconciled: false });
  });

  it("refuses to finish while a difference remains, naming it, and locks nothing", async () => {
    const refused = await reconcile({ statement_balance: "130.00", as_of: "2026-01-31", finish: true });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");
    expect(refused.body.message).toContain("50.00");
    expect((await api.call("GET", `${TX}/${rent}`, { token: writer })).body.data.reconciled).toBe(false);
  });

  it("finishes at zero once the missing rows are cleared, locking the cleared rows up to as_of", async () => {
    const cleared = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: refund, cleared: true }] },
    });
    expect(cleared.body.data).toEqual([{ id: refund, status: "updated", external_id: null }]);
    expect((await reconcile({ statement_balance: "130.00", as_of: "2026-01-31" })).body.data.difference).toBe("0.00");

    const finished = await reconcile({ statement_balance: "130.00", as_of: "2026-01-31", finish: true });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ reconciled: true, locked_count: 2, difference: "0.00" });
    expect(finished.body.data.id).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await api.call("GET", `${TX}?account_id=${account}`, { token: writer });
    const byId = new Map(listed.body.data.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(rent)).toMatchObject({ cleared: true, reconciled: true });
    expect(byId.get(refund)).toMatchObject({ cleared: true, reconciled: true });
    // Not cleared: not locked.
    expect(byId.get(salary)).toMatchObject({ cleared: false, reconciled: false });

    const again = await reconcile({ statement_balance: "130.00", as_of: "2026-01-31", finish: true });
    expect(again.body.data).toMatchObject({ id: finished.body.data.id, locked_count: 2 });

    const read = await api.call("GET", `/api/v1/programmatic/wallets/${wallet}`, { token: writer });
    expect(read.body.data.attributes).toMatchObject({
      last_reconciled_at: "2026-01-31",
      reconciliation_status: "reconciled",
    });
  });

  it("refuses edits of what the statement says and deletion of a locked row (409), allows its category", async () => {
    for (const change of [{ amount: "-21.00" }, { date: "2026-01-06" }, { description: "Miete" }, { cleared: false }]) {
      const refused = await api.call("PATCH", TX, {
        token: writer,
        headers: key(),
        body: { transactions: [{ id: rent, ...change }] },
      });
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body.code).toBe("TRANSACTION_RECONCILED");
      expect(refused.body.message).toContain(rent);
    }
    const deleted = await api.call("DELETE", `${TX}/${rent}`, { token: writer, headers: key() });
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe("TRANSACTION_RECONCILED");

    const filed = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: rent, category_id: groceries, notes: "Januar", tags: ["Wohnung"] }] },
    });
    expect(filed.status).toBe(200);
    const row = (await api.call("GET", `${TX}/${rent}`, { token: writer })).body.data;
    expect(row).toMatchObject({ amount: "-20.00", category_id: groceries, reconciled: true });
  });

  it("unlocks with reconciled: false, in the same write as the change", async () => {
    const refusedLock = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: rent, reconciled: true }] },
    });
    expect(refusedLock.status).toBe(400);

    const changed = await api.call("PATCH", TX, {
      token: writer,
      headers: key(),
      body: { transactions: [{ id: rent, reconciled: false, amount: "-21.00" }] },
    });
    expect(changed.status).toBe(200);
    const row = (await api.call("GET", `${TX}/${rent}`, { token: writer })).body.data;
    expect(row).toMatchObject({ amount: "-21.00", cleared: true, reconciled: false });
    // The statement no longer agrees with the cleared balance.
    expect((await reconcile({ statement_balance: "130.00", as_of: "2026-01-31" })).body.data.difference).toBe("1.00");
  });

  it("answers 404 for another workspace's account, 403 without transactions:write, 400 for bad input", async () => {
    const other = await api.signUp();
    const otherToken = (await api.createToken(other.sessionToken, ["transactions:write"])).token;
    const foreign = await reconcile({ statement_balance: "1.00", as_of: "2026-01-31" }, otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("RESOURCE_NOT_FOUND");

    const reader = (await api.createToken(session, ["transactions:read"])).token;
    expect((await reconcile({ statement_balance: "1.00", as_of: "2026-01-31" }, reader)).status).toBe(403);

    const places = await reconcile({ statement_balance: "1.001", as_of: "2026-01-31" });
    expect(places.status).toBe(400);
    expect(places.body.message).toContain("statement_balance");
    const early = await reconcile({ statement_balance: "100.00", as_of: "2025-12-31" });
    expect(early.status).toBe(422);
    expect(early.body.message).toContain("as_of");
    const unknown = await reconcile({ statement_balance: "1.00", as_of: "2026-01-31", clear: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("clear");
  });
});

describe("reconciliation over MCP", () => {
  let client: Client;
  afterAll(async () => client?.close());

  it("offers reconcile_account with the same answer", async () => {
    client = await connectMcp(
      (await api.createToken(session, ["transactions:read", "transactions:write"], "mcp")).token,
      baseUrl,
    );
    const result = await client.callTool({
      name: "reconcile_account",
      arguments: { id: account, statement_balance: "129.00", as_of: "2026-01-31" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ data: { difference: "0.00", cleared_balance: "129.00" } });
  });
});
