import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";
import { query, sharedServerDatabase } from "./postgres";

const api = createClient(inject("baseUrl"));
const databaseUrl = sharedServerDatabase();
const DEMO = { email: "demo@example.com", password: "demo-password-1234" };

let token: string;
let session: string;
let wallets: Array<{ id: string; attributes: any }>;

const sql = <Row = any>(text: string, params: unknown[] = []) => query<Row>(databaseUrl, text, params);

/** Today in Europe/Berlin, the demo workspace's timezone. */
function berlinToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}

beforeAll(async () => {
  session = await api.signIn(DEMO.email, DEMO.password);
  token = (await api.createToken(session, ALL_SCOPES)).token;
  const list = await api.call("GET", "/api/v1/programmatic/wallets", { token });
  expect(list.status).toBe(200);
  wallets = list.body.data;
});

describe("wallets on the demo workspace", () => {
  it("lists the four active asset wallets in order, with the travel wallet's two currencies", async () => {
    expect(wallets.map((wallet) => wallet.attributes.name).sort()).toEqual([
      "Credit Card",
      "Everyday Checking",
      "Savings",
      "Travel",
    ]);
    const keys = wallets.map((wallet) => [wallet.attributes.order, wallet.attributes.name] as [number, string]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    const travel = wallets.find((wallet) => wallet.attributes.name === "Travel")!;
    expect(travel.attributes.accounts.map((account: any) => account.currency.code).sort()).toEqual(["EUR", "USD"]);
    expect(travel.attributes.per_currency.map((entry: any) => entry.currency_code).sort()).toEqual(["EUR", "USD"]);
  });

  it("reads one wallet by id: a 30-day sparkline ending with today's total", async () => {
    for (const listed of wallets) {
      const response = await api.call("GET", `/api/v1/programmatic/wallets/${listed.id}`, { token });
      expect(response.status).toBe(200);
      const wallet = response.body.data;
      expect(wallet.type).toBe("wallets");
      expect(wallet.attributes.balance_sparkline_30d).toHaveLength(30);
      expect(wallet.attributes.balance_sparkline_30d.at(-1)).toBe(Number(wallet.attributes.total_balance));
      expect(wallet.attributes.total_balance_currency.code).toBe("EUR");
    }
  });

  it("sums a single-currency wallet's accounts into its total", async () => {
    const checking = wallets.find((wallet) => wallet.attributes.name === "Everyday Checking")!;
    const [account] = checking.attributes.accounts;
    expect(checking.attributes.total_balance).toBe(account.current_balance);
    expect(checking.attributes.per_currency).toEqual([
      { currency_id: account.currency.id, currency_code: "EUR", amount: account.current_balance },
    ]);
  });

  it("answers 404 for an unknown wallet and 400 for a malformed id", async () => {
    const unknown = await api.call("GET", "/api/v1/programmatic/wallets/00000000-0000-4000-8000-000000000000", {
      token,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    const malformed = await api.call("GET", "/api/v1/programmatic/wallets/not-a-uuid", { token });
    expect([malformed.status, malformed.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(malformed.body.message).toContain("id");
  });
});

describe("one definition, two credentials", () => {
  it("answers the dashboard's session over tRPC with the REST operation's own body, and refuses the session on REST", async () => {
    const rest = await api.call("GET", "/api/v1/programmatic/wallets?limit=200", { token });
    const input = encodeURIComponent(JSON.stringify({ limit: 200 }));
    const trpc = await api.call("GET", `/api/trpc/wallets.list?input=${input}`, { token: session });
    expect(trpc.status).toBe(200);
    // The same body but for the moment each total was taken.
    const untimed = (body: unknown) =>
      JSON.parse(JSON.stringify(body).replace(/"total_today_at":"[^"]+"/g, '"total_today_at":"-"'));
    expect(untimed(trpc.body.result.data)).toEqual(untimed(rest.body));
    expect(trpc.body.result.data.data.length).toBe(wallets.length);

    const refused = await api.call("GET", "/api/v1/programmatic/wallets", { token: session });
    expect([refused.status, refused.body.code]).toEqual([401, "TOKEN_INVALID"]);
  });
});

describe("balances computed independently from the database", () => {
  it("gives each account its opening balance plus its transactions up to today", async (context) => {
    if (!databaseUrl) context.skip("needs direct database access (PostgreSQL run)");
    const today = berlinToday();
    const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
    expect(accounts.length).toBe(5);
    for (const account of accounts) {
      const [row] = await sql<{ opening: string; sum: string }>(
        `SELECT a.opening_balance::text AS opening,
                (SELECT COALESCE(SUM(amount), 0)::text FROM transactions t
                  WHERE t.account_id = a.id AND t.date <= $2::date
                    AND (a.opening_balance_date IS NULL OR t.date >= a.opening_balance_date)) AS sum
           FROM accounts a WHERE a.id = $1`,
        [account.id, today],
      );
      const expected = (Math.round((Number(row!.opening) + Number(row!.sum)) * 100) / 100).toFixed(2);
      expect([account.attributes.name, account.attributes.current_balance]).toEqual([
        account.attributes.name,
        expected,
      ]);
    }
  });

  it("converts the travel wallet's USD into EUR with the latest rate within 7 days", async (context) => {
    if (!databaseUrl) context.skip("needs direct database access (PostgreSQL run)");
    const travel = wallets.find((wallet) => wallet.attributes.name === "Travel")!;
    const usd = travel.attributes.accounts.find((account: any) => account.currency.code === "USD");
    const eur = travel.attributes.accounts.find((account: any) => account.currency.code === "EUR");
    const [rate] = await sql<{ rate: string }>(
      `SELECT rate::text FROM fx_rates WHERE from_currency_id = $1 AND to_currency_id = $2
          AND rate_date <= $3::date AND rate_date >= $3::date - 7 ORDER BY rate_date DESC LIMIT 1`,
      [usd.currency.id, eur.currency.id, berlinToday()],
    );
    const expected = Number(eur.current_balance) + Number(usd.current_balance) * Number(rate!.rate);
    expect(Number(travel.attributes.total_balance)).toBeCloseTo(expected, 2);
  });
});

describe("accounts (endpoint 13)", () => {
  it("lists the five active asset accounts with currencies and native balances", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/accounts", { token });
    expect(response.status).toBe(200);
    const names = response.body.data.map((account: any) => account.attributes.name).sort();
    expect(names).toEqual(["Credit Card", "Everyday Checking", "Savings", "Travel (EUR)", "Travel (USD)"]);
    for (const account of response.body.data) {
      if (account.attributes.currency_code === "EUR") {
        expect(account.attributes.native_current_balance).toBe(account.attributes.current_balance);
      }
      expect(account.attributes.wallet_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(response.body.meta).toMatchObject({ pagination: "page", page: 1, limit: 50, total: 5, next_cursor: null });
  });
});

describe("transactions (GET /api/v1/programmatic/transactions, an extension)", () => {
  it("lists the workspace's transactions newest first, flat, filtered and paged", async () => {
    const page = await api.call("GET", "/api/v1/programmatic/transactions?limit=50", { token });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(50);
    const dates = page.body.data.map((row: any) => row.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.body.meta).toMatchObject({ pagination: "page", page: 1, limit: 50 });
    expect(page.body.meta.total).toBeGreaterThan(500);
    const next = await api.call("GET", "/api/v1/programmatic/transactions?limit=50&page=2", { token });
    expect(next.body.data[0].date <= dates.at(-1)).toBe(true);

    const checking = wallets.find((wallet) => wallet.attributes.name === "Everyday Checking")!.attributes.accounts[0]
      .id;
    const own = await api.call("GET", `/api/v1/programmatic/transactions?account_id=${checking}&limit=200`, { token });
    expect(own.body.data.every((row: any) => row.account_id === checking)).toBe(true);
    const loose = await api.call("GET", "/api/v1/programmatic/transactions?category_id=uncategorised&limit=200", {
      token,
    });
    expect(loose.body.data.length).toBeGreaterThan(0);
    expect(loose.body.data.every((row: any) => row.category_id === null && row.type !== "transfer")).toBe(true);

    // Sorted by the server on the signed amount; a range on the amount's size; an amount typed as the search finds it either way.
    const ranged = await api.call(
      "GET",
      "/api/v1/programmatic/transactions?sort=amount&order=asc&amount_min=10&amount_max=50&limit=200",
      { token },
    );
    const amounts: number[] = ranged.body.data.map((row: any) => Number(row.amount));
    expect(amounts.length).toBeGreaterThan(10);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.every((amount) => Math.abs(amount) >= 10 && Math.abs(amount) <= 50)).toBe(true);
    const typed = ranged.body.data[0].amount.replace("-", "");
    const found = await api.call("GET", `/api/v1/programmatic/transactions?search=${typed}&limit=200`, { token });
    expect(found.body.data.map((row: any) => row.amount.replace("-", ""))).toContain(typed);
    const inverted = await api.call("GET", "/api/v1/programmatic/transactions?amount_min=50&amount_max=10", { token });
    expect([inverted.status, inverted.body.code, inverted.body.message]).toEqual([
      400,
      "VALIDATION_FAILED",
      expect.stringContaining("amount_max"),
    ]);
    const unknownSort = await api.call("GET", "/api/v1/programmatic/transactions?sort=colour", { token });
    expect([unknownSort.status, unknownSort.body.message]).toEqual([400, expect.stringContaining("sort")]);

    const backwards = await api.call("GET", "/api/v1/programmatic/transactions?from=2026-02-01&to=2026-01-01", {
      token,
    });
    expect([backwards.status, backwards.body.code, backwards.body.message]).toEqual([
      400,
      "VALIDATION_FAILED",
      expect.stringContaining("to"),
    ]);
    const reportsOnly = (await api.createToken(session, ["reports:read"])).token;
    const refused = await api.call("GET", "/api/v1/programmatic/transactions", { token: reportsOnly });
    expect([refused.status, refused.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });
});
