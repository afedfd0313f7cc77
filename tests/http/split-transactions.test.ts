import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";

/** Split transactions over REST: parts that add up, reports by part, the refusals, tags and the tag filter. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
let session: string;
let token: string;
let account: string;
let groceries: string;
let household: string;
let keys = 0;
const key = () => ({ "idempotency-key": `split-${process.pid}-${++keys}-${Date.now()}` });

async function category(name: string): Promise<string> {
  const created = await api.call("POST", "/api/trpc/categories.create", {
    token: session,
    body: { name, group_id: null, icon_name: null, aliases: [] },
  });
  return created.body.result.data.id;
}

beforeAll(async () => {
  session = (await api.signUp()).sessionToken;
  token = (await api.createToken(session, ["transactions:read", "transactions:write", "wallets:read", "reports:read"]))
    .token;
  await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name: "Girokonto",
      accounts: [{ currency_code: "EUR", opening_balance: "500.00", opening_balance_date: "2026-01-01" }],
    },
  });
  account = (await api.call("GET", "/api/v1/programmatic/wallets", { token })).body.data[0].attributes.accounts[0].id;
  groceries = await category("Lebensmittel");
  household = await category("Haushalt");
});

const bill = (parts: unknown, extra: Record<string, unknown> = {}) => ({
  transactions: [
    { account_id: account, date: "2026-10-14", amount: "-80.50", description: "REWE Markt", parts, ...extra },
  ],
});

describe("split transactions", () => {
  it("books a bill split in two, shows the parts, and reports count the parts while the balance counts it once", async () => {
    const written = await api.call("POST", TX, {
      token,
      headers: key(),
      body: bill([
        { amount: "-62.10", category_id: groceries, tags: ["Wocheneinkauf"] },
        { amount: "-18.40", category_id: household, notes: "Spülmittel" },
      ]),
    });
    expect(written.status).toBe(201);
    const id = written.body.data[0].id;
    const read = (await api.call("GET", `${TX}/${id}`, { token })).body.data;
    expect(read).toMatchObject({ amount: "-80.50", category_id: null });
    expect(
      read.parts.map(({ amount, category_id, category_name, notes, tags }: Record<string, unknown>) => ({
        amount,
        category_id,
        category_name,
        notes,
        tags,
      })),
    ).toEqual([
      { amount: "-62.10", category_id: groceries, category_name: "Lebensmittel", notes: null, tags: ["Wocheneinkauf"] },
      { amount: "-18.40", category_id: household, category_name: "Haushalt", notes: "Spülmittel", tags: [] },
    ]);

    const summary = (await api.call("GET", "/api/v1/programmatic/reports/cash-flow-summary?month=2026-10", { token }))
      .body.data.attributes;
    const byName = Object.fromEntries(
      summary.expense_categories.map((row: { name: string; amount: string }) => [row.name, row.amount]),
    );
    expect(byName).toMatchObject({ Lebensmittel: "62.10", Haushalt: "18.40" });
    expect(byName.Uncategorized).toBeUndefined();

    const wallet = (await api.call("GET", "/api/v1/programmatic/wallets", { token })).body.data[0];
    expect(wallet.attributes.accounts[0].current_balance).toBe("419.50");

    // A report of one tag: the part carrying it (parts carry their transaction's tags too).
    const tagged = (
      await api.call("GET", "/api/v1/programmatic/reports/cash-flow-summary?month=2026-10&tag=Wocheneinkauf", { token })
    ).body.data;
    expect(tagged.id).toBe("cash_flow_summary:2026-10:recent:tag:Wocheneinkauf");
    expect(
      tagged.attributes.expense_categories.map((row: { name: string; amount: string }) => [row.name, row.amount]),
    ).toEqual([["Lebensmittel", "62.10"]]);
    const badTag = await api.call("GET", "/api/v1/programmatic/reports/cash-flow-summary?tag=a%2Cb", { token });
    expect(badTag.status).toBe(400);

    // The list's category filter finds it by either part.
    const inHousehold = (await api.call("GET", `${TX}?category_id=${household}`, { token })).body;
    expect(inHousehold.data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(inHousehold.meta.total).toBe(1);

    // The export names the parts in their own column.
    const csv = await (
      await fetch(`${baseUrl}${TX}/export?category_id=${household}`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    const [header, line] = csv.split("\r\n");
    expect(header!.split(",").slice(-4)).toEqual(["tags", "cleared", "reconciled", "parts"]);
    expect(line).toContain(`${id},,false,false,Lebensmittel: -62.10; Haushalt: -18.40`);
  });

  it("refuses parts that do not add up (422 naming the difference), one part, over 50, and another workspace's category", async () => {
    const off = await api.call("POST", TX, {
      token,
      headers: key(),
      body: bill([{ amount: "-62.10" }, { amount: "-17.40" }]),
    });
    expect(off.status).toBe(422);
    expect(off.body.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");
    expect(off.body.message).toContain("transactions.0.parts");
    expect(off.body.message).toContain("a difference of -1.00");

    const one = await api.call("POST", TX, { token, headers: key(), body: bill([{ amount: "-80.50" }]) });
    expect(one.status).toBe(400);
    const many = Array.from({ length: 51 }, () => ({ amount: "-1.00" }));
    const tooMany = await api.call("POST", TX, { token, headers: key(), body: bill(many, { amount: "-51.00" }) });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body.issues)).toContain("parts");

    const other = await api.signUp();
    const foreign = (
      await api.call("POST", "/api/trpc/categories.create", {
        token: other.sessionToken,
        body: { name: "Fremd", group_id: null, icon_name: null, aliases: [] },
      })
    ).body.result.data.id;
    const notMine = await api.call("POST", TX, {
      token,
      headers: key(),
      body: bill([{ amount: "-40.00", category_id: foreign }, { amount: "-40.50" }]),
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toContain("transactions.0.parts.0.category_id");

    const places = await api.call("POST", TX, {
      token,
      headers: key(),
      body: bill([{ amount: "-40.001" }, { amount: "-40.499" }]),
    });
    expect(places.status).toBe(400);
  });

  it("changes the amount only with the parts, and unsplits with parts: []", async () => {
    const [row] = (
      await api.call("POST", TX, {
        token,
        headers: key(),
        body: bill([
          { amount: "-50.00", category_id: groceries },
          { amount: "-30.50", category_id: household },
        ]),
      })
    ).body.data;
    const amountAlone = await api.call("PATCH", TX, {
      token,
      headers: key(),
      body: { transactions: [{ id: row.id, amount: "-90.00" }] },
    });
    expect(amountAlone.status).toBe(422);
    expect(amountAlone.body.message).toContain("a difference of -9.50");
    const both = await api.call("PATCH", TX, {
      token,
      headers: key(),
      body: {
        transactions: [
          { id: row.id, amount: "-90.00", parts: [{ amount: "-60.00", category_id: groceries }, { amount: "-30.00" }] },
        ],
      },
    });
    expect(both.status).toBe(200);
    expect(both.body.data[0].status).toBe("updated");
    const unsplit = await api.call("PATCH", TX, {
      token,
      headers: key(),
      body: { transactions: [{ id: row.id, parts: [], category_id: household }] },
    });
    expect(unsplit.status).toBe(200);
    expect((await api.call("GET", `${TX}/${row.id}`, { token })).body.data).toMatchObject({
      amount: "-90.00",
      parts: [],
      category_id: household,
    });
  });
});
