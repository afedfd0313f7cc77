import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { atOnce } from "./at-once";
import { ALL_SCOPES, createClient } from "./client";
import { query, sharedServerDatabase } from "./postgres";

const api = createClient(inject("baseUrl"));
const databaseUrl = sharedServerDatabase();
const PATH = "/api/v1/programmatic/transaction-templates";

let token: string;
let otherToken: string;
let wallets: Record<string, string>;
let categories: Record<string, string>;
let archivedCategoryId: string;

const key = () => `tmpl-${randomUUID()}`;
const post = (body: unknown, idempotencyKey: string | null = key(), as = token) =>
  api.call("POST", PATH, {
    token: as,
    body,
    headers: idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey },
  });

async function templatesNamed(name: string): Promise<number> {
  const [counted] = await query(databaseUrl, `SELECT count(*)::int AS n FROM transaction_templates WHERE name = $1`, [
    name,
  ]);
  return counted.n;
}

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  const other = await api.signUp();
  otherToken = (await api.createToken(other.sessionToken, ALL_SCOPES)).token;
  const walletList = (await api.call("GET", "/api/v1/programmatic/wallets", { token })).body.data;
  wallets = Object.fromEntries(walletList.map((wallet: any) => [wallet.attributes.name, wallet.id]));
  const categoryList = (await api.call("GET", "/api/v1/programmatic/categories?limit=200", { token })).body.data;
  categories = Object.fromEntries(categoryList.map((category: any) => [category.attributes.name, category.id]));
  if (databaseUrl) {
    const [archived] = await query(databaseUrl, `SELECT id FROM categories WHERE archived_at IS NOT NULL LIMIT 1`);
    archivedCategoryId = archived.id;
  }
});

describe("endpoint 2: create a transaction template", () => {
  it("answers 201 with the template, its resolved wallet and category, and its side effect", async () => {
    const body = {
      direction: "expense",
      name: `Weekly shop ${randomUUID().slice(0, 6)}`,
      source_wallet_id: wallets["Everyday Checking"],
      category_id: categories.Groceries,
      amount_minor: "8550",
      currency_code: "eur",
      description: "REWE",
      notes: "the big weekly shop",
      tags: ["food"],
      recurrence_preset: "weekly",
    };
    const response = await post(body);
    expect(response.status).toBe(201);
    const template = response.body.data;
    expect(template).toMatchObject({
      source: "user_saved",
      name: body.name,
      direction: "expense",
      usageCount: 0,
      lastUsedAt: null,
      fields: {
        sourceWallet: { id: wallets["Everyday Checking"], name: "Everyday Checking", currency_codes: ["EUR"] },
        targetWallet: null,
        category: { id: categories.Groceries, name: "Groceries" },
        amountMinor: "8550",
        currencyCode: "EUR",
        description: "REWE",
        notes: "the big weekly shop",
        note: "the big weekly shop",
        tags: ["food"],
        recurrencePreset: "weekly",
      },
    });
    expect(response.body.side_effects).toEqual([
      {
        domain: "transaction_templates",
        id: template.id,
        action: "create",
        data: { name: body.name, direction: "expense", usage_count: 0 },
      },
    ]);
    expect(response.headers.get("idempotent-replayed")).toBeNull();
  });

  it.each([
    [null, "required"],
    ["x".repeat(15), "15"],
    ["x".repeat(129), "129"],
  ])("answers 400 IDEMPOTENCY_KEY_INVALID for the key %j", async (idempotencyKey, message) => {
    const response = await post({ direction: "expense", name: "x", description: "y" }, idempotencyKey);
    expect([response.status, response.body.code]).toEqual([400, "IDEMPOTENCY_KEY_INVALID"]);
    expect(response.body.message).toContain(message);
  });

  it("checks the token before the key", async () => {
    const response = await api.call("POST", PATH, { body: { direction: "expense", name: "x", description: "y" } });
    expect([response.status, response.body.code]).toEqual([401, "TOKEN_MISSING"]);
  });

  it("replays the same request with the same key: same status and body, one template", async () => {
    const name = `Replay ${randomUUID()}`;
    const idempotencyKey = key();
    const body = { direction: "income", name, target_wallet_id: wallets["Everyday Checking"], amount_minor: "100000" };
    const first = await post(body, idempotencyKey);
    const second = await post(body, idempotencyKey);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    if (databaseUrl) expect(await templatesNamed(name)).toBe(1);

    const other = await post({ ...body, amount_minor: "200000" }, idempotencyKey);
    expect([other.status, other.body.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("gives 50 concurrent identical requests exactly one effect", async () => {
    const name = `Concurrent ${randomUUID()}`;
    const idempotencyKey = key();
    const body = { direction: "expense", name, source_wallet_id: wallets.Savings, description: "rent share" };
    const responses = await atOnce(50, () => post(body, idempotencyKey));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const created = responses.filter((response) => response.status === 201);
    expect(created.filter((response) => response.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    expect(new Set(created.map((response) => response.body.data.id)).size).toBe(1);
    for (const response of responses.filter((r) => r.status === 409))
      expect(response.body.code).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");
    if (databaseUrl) expect(await templatesNamed(name)).toBe(1);
  });

  it.each([
    [{ name: "no direction", description: "x" }, "direction"],
    [{ direction: "refund", name: "x", description: "x" }, "direction"],
    [{ direction: "expense", description: "x" }, "name"],
    [{ direction: "expense", name: "   ", description: "x" }, "name"],
    [{ direction: "expense", name: "nothing else" }, "at least one default"],
    [{ direction: "expense", name: "x", amount_minor: "12.30" }, "amount_minor"],
    [{ direction: "expense", name: "x", amount_minor: 1230 }, "amount_minor"],
    [{ direction: "expense", name: "x", description: "x", currency_code: "EURO" }, "currency_code"],
    [{ direction: "expense", name: "x", description: "x", recurrence_preset: "hourly" }, "recurrence_preset"],
    [{ direction: "expense", name: "x", source_wallet_id: "not-a-uuid" }, "source_wallet_id"],
    [{ direction: "expense", name: "x", description: "x", tags: "food" }, "tags"],
  ])("answers 400 VALIDATION_FAILED naming the field for %j", async (body, field) => {
    const response = await post(body);
    expect([response.status, response.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(response.body.message).toContain(field);
  });

  it("answers 422 for each domain rule, naming the field", async () => {
    const checking = wallets["Everyday Checking"];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ direction: "expense", target_wallet_id: checking }, "target_wallet_id"],
      [{ direction: "income", source_wallet_id: checking }, "source_wallet_id"],
      [{ direction: "transfer", source_wallet_id: checking }, "target_wallet_id"],
      [{ direction: "transfer", source_wallet_id: checking, target_wallet_id: checking }, "target_wallet_id"],
      [{ direction: "expense", source_wallet_id: checking, amount_minor: "0" }, "amount_minor"],
      [{ direction: "expense", source_wallet_id: checking, amount_minor: "-500" }, "amount_minor"],
      [{ direction: "expense", source_wallet_id: checking, currency_code: "GBP" }, "currency_code"],
      [{ direction: "expense", source_wallet_id: randomUUID() }, "source_wallet_id"],
      [{ direction: "expense", category_id: randomUUID() }, "category_id"],
    ];
    for (const [body, field] of cases) {
      const response = await post({ name: "rule check", ...body });
      expect([JSON.stringify(body), response.status, response.body.code]).toEqual([
        JSON.stringify(body),
        422,
        "DOMAIN_CONSTRAINT_VIOLATION",
      ]);
      expect(response.body.message).toContain(field);
    }
  });

  it("answers 422 for an archived category", async (context) => {
    if (!databaseUrl) context.skip("needs direct database access to find the archived category (PostgreSQL run)");
    const response = await post({ direction: "expense", name: "archived", category_id: archivedCategoryId });
    expect([response.status, response.body.code]).toEqual([422, "DOMAIN_CONSTRAINT_VIOLATION"]);
    expect(response.body.message).toContain("category_id");
  });

  it("answers a foreign workspace's wallet exactly like an unknown one", async () => {
    const foreign = await post(
      { direction: "expense", name: "foreign", source_wallet_id: wallets["Everyday Checking"] },
      key(),
      otherToken,
    );
    const unknown = await post(
      { direction: "expense", name: "foreign", source_wallet_id: randomUUID() },
      key(),
      otherToken,
    );
    expect([foreign.status, foreign.body.code]).toEqual([422, "DOMAIN_CONSTRAINT_VIOLATION"]);
    expect(foreign.body.message).toBe(unknown.body.message);
  });
});
