import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { verifyPassword } from "../../server/domain/identity/password";
import { useTestDatabase } from "../../server/testing/fixtures";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo, type DemoSummary } from "./index";

const TODAY = "2026-11-21";
// The pass's engine: the PGlite pass seeds PGlite, the PostgreSQL pass PostgreSQL.
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** Every transaction of the workspace as "id amount" lines, hashed: equal hashes, equal data. */
async function transactionFingerprint(db: Db, workspaceId: string): Promise<{ count: number; hash: string }> {
  const rows = await db.sql.query<{ line: string }>(
    `SELECT id || ' ' || amount || ' ' || date || ' ' || coalesce(category_id::text, '-') AS line
       FROM transactions WHERE workspace_id = $1 ORDER BY id`,
    [workspaceId],
  );
  return {
    count: rows.length,
    hash: createHash("sha256")
      .update(rows.map((row) => row.line).join("\n"))
      .digest("hex"),
  };
}

describe(`demo seed on ${engine}`, () => {
  const db = useTestDatabase({ engine });
  let summary: DemoSummary;

  beforeAll(async () => {
    summary = await seedDemo(db, { today: TODAY });
  }, 120_000);

  it("signs the demo user in with the documented password and workspace settings", async () => {
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL } });
    expect(user.name).toBe("Demo User");
    expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    const workspace = await db.prisma.workspace.findUniqueOrThrow({
      where: { id: summary.workspaceId },
      include: { homeCurrency: true, memberships: true },
    });
    expect(workspace).toMatchObject({ name: "Demo", timezone: "Europe/Berlin", plan: "free" });
    expect(workspace.homeCurrency.code).toBe("EUR");
    expect(workspace.memberships).toEqual([expect.objectContaining({ userId: user.id, role: "owner" })]);
  });

  it("creates four wallets with five accounts, the travel wallet holding USD and EUR", async () => {
    const wallets = await db.prisma.wallet.findMany({
      where: { workspaceId: summary.workspaceId },
      include: { accounts: { include: { currency: true } } },
      orderBy: { order: "asc" },
    });
    expect(wallets.map((wallet) => wallet.name)).toEqual(["Everyday Checking", "Savings", "Travel", "Credit Card"]);
    expect(wallets.flatMap((wallet) => wallet.accounts)).toHaveLength(5);
    const travel = wallets.find((wallet) => wallet.name === "Travel");
    expect(travel?.accounts.map((account) => account.currency.code).sort()).toEqual(["EUR", "USD"]);
    const card = wallets.find((wallet) => wallet.name === "Credit Card");
    expect(card).toMatchObject({ type: "credit_card", accountRole: "ccAsset", paymentDayOfMonth: 5 });
    expect(wallets.find((wallet) => wallet.name === "Everyday Checking")?.accounts[0]?.iban).toMatch(/^DE\d{20}$/);
    expect(summary.counts).toMatchObject({ wallets: 4, accounts: 5, transactions: 3_000 });
  });

  it("has system and user categories, one of them archived", async () => {
    const categories = await db.prisma.category.findMany({ where: { workspaceId: summary.workspaceId } });
    expect(categories.filter((category) => category.isSystem).map((category) => category.systemKey)).toContain(
      "groceries",
    );
    const own = categories.filter((category) => !category.isSystem);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.filter((category) => category.archivedAt !== null)).toHaveLength(1);
    expect(own.some((category) => category.aliases.length > 0)).toBe(true);
  });

  it("spans 24 months of history ending in today's month, in EUR, USD and GBP", async () => {
    const months = await db.sql.query<{ month: string }>(
      `SELECT DISTINCT to_char(date, 'YYYY-MM') AS month FROM transactions WHERE workspace_id = $1 ORDER BY 1`,
      [summary.workspaceId],
    );
    expect(months).toHaveLength(24);
    expect(months[0]?.month).toBe("2024-12");
    expect(months[23]?.month).toBe("2026-11");
    const [latest] = await db.sql.query<{ last: string }>(
      `SELECT max(date)::text AS last FROM transactions WHERE workspace_id = $1`,
      [summary.workspaceId],
    );
    expect(latest?.last).toBe(TODAY);
    const currencies = await db.sql.query<{ code: string }>(
      `SELECT DISTINCT c.code FROM transactions t JOIN currencies c ON c.id IN (t.currency_id, t.foreign_currency_id)
        WHERE t.workspace_id = $1 ORDER BY 1`,
      [summary.workspaceId],
    );
    expect(currencies.map((row) => row.code)).toEqual(["EUR", "GBP", "USD"]);
  });

  it("books the salary every month on the checking account", async () => {
    const salaries = await db.sql.query<{ month: string; amount: string }>(
      `SELECT to_char(t.date, 'YYYY-MM') AS month, t.amount::text AS amount FROM transactions t
         JOIN categories c ON c.id = t.category_id WHERE t.workspace_id = $1 AND c.system_key = 'salary' ORDER BY t.date`,
      [summary.workspaceId],
    );
    expect(salaries).toHaveLength(23); // the 27th of November 2026 is still ahead
    expect(salaries[0]?.amount).toBe("3850.0000");
    expect(salaries.at(-1)?.amount).toBe("4050.0000");
  });

  it("has recurring rules in every status and kind, and goals in every status", async () => {
    const rules = await db.prisma.recurringRule.findMany({ where: { workspaceId: summary.workspaceId } });
    const combinations = new Set(rules.map((rule) => `${rule.kind}/${rule.status}`));
    for (const kind of ["rule", "subscription"]) {
      for (const status of ["active", "paused", "ended"]) expect(combinations).toContain(`${kind}/${status}`);
    }
    expect(rules.some((rule) => rule.frequency === "custom" && (rule.customIntervalDays ?? 0) > 0)).toBe(true);
    expect(rules.every((rule) => rule.status !== "paused" || rule.pausedAt !== null)).toBe(true);
    expect(rules.every((rule) => rule.status !== "ended" || rule.endDate !== null)).toBe(true);

    const goals = await db.prisma.goal.findMany({ where: { workspaceId: summary.workspaceId } });
    expect(new Set(goals.map((goal) => goal.status))).toEqual(new Set(["active", "achieved", "abandoned"]));
    expect(goals.some((goal) => goal.status === "active" && goal.linkedWalletId !== null)).toBe(true);
  });

  it("has monthly budgets with carry and no rollover, and an inactive one", async () => {
    const budgets = await db.prisma.budget.findMany({
      where: { workspaceId: summary.workspaceId },
      include: { categories: true },
    });
    expect(budgets.every((budget) => budget.period === "monthly" && budget.categories.length > 0)).toBe(true);
    expect(budgets.some((budget) => budget.active && budget.rolloverStrategy === "carry")).toBe(true);
    expect(budgets.some((budget) => budget.active && budget.rolloverStrategy === "none")).toBe(true);
    expect(budgets.some((budget) => !budget.active)).toBe(true);
  });

  it("links transfers in pairs with opposite amounts, one of them EUR to USD", async () => {
    const pairs = await db.sql.query<{ same_currency: boolean; total: string; foreign_ok: boolean }>(
      `SELECT a.currency_id = b.currency_id AS same_currency, (a.amount + b.amount)::text AS total,
              (a.foreign_currency_id = b.currency_id AND b.foreign_currency_id = a.currency_id
               AND a.foreign_amount = -b.amount AND b.foreign_amount = -a.amount) IS TRUE AS foreign_ok
         FROM transactions a JOIN transactions b ON b.id = a.transfer_peer_id
        WHERE a.workspace_id = $1 AND a.amount < 0`,
      [summary.workspaceId],
    );
    const [counts] = await db.sql.query<{ transfers: number; linked_back: number }>(
      `SELECT count(*)::int AS transfers,
              count(*) FILTER (WHERE (SELECT p.transfer_peer_id FROM transactions p WHERE p.id = t.transfer_peer_id) = t.id)::int AS linked_back
         FROM transactions t WHERE t.workspace_id = $1 AND t.type = 'transfer'`,
      [summary.workspaceId],
    );
    expect(counts?.transfers).toBe(pairs.length * 2);
    expect(counts?.linked_back).toBe(counts?.transfers);
    expect(pairs.filter((pair) => pair.same_currency).every((pair) => Number(pair.total) === 0)).toBe(true);
    const crossCurrency = pairs.filter((pair) => !pair.same_currency);
    expect(crossCurrency.length).toBeGreaterThanOrEqual(1);
    expect(crossCurrency.every((pair) => pair.foreign_ok)).toBe(true);
  });

  it("leaves about 5% of non-transfer transactions uncategorised, in repeating clusters", async () => {
    const [share] = await db.sql.query<{ uncategorised: number; total: number; top: number }>(
      `SELECT count(*) FILTER (WHERE category_id IS NULL)::int AS uncategorised, count(*)::int AS total,
              (SELECT count(*) FROM transactions u WHERE u.workspace_id = $1 AND u.category_id IS NULL AND u.type <> 'transfer'
                GROUP BY u.description ORDER BY 1 DESC LIMIT 1)::int AS top
         FROM transactions WHERE workspace_id = $1 AND type <> 'transfer'`,
      [summary.workspaceId],
    );
    const ratio = (share?.uncategorised ?? 0) / (share?.total ?? 1);
    expect(ratio).toBeGreaterThan(0.03);
    expect(ratio).toBeLessThan(0.08);
    expect(share?.top).toBeGreaterThanOrEqual(10);
  });

  it("stores signed amounts with two decimals: spending negative, income positive", async () => {
    const [signs] = await db.sql.query<{ bad_sign: number; extra_places: number }>(
      `SELECT count(*) FILTER (WHERE (type = 'expense' AND amount >= 0) OR (type = 'income' AND amount <= 0))::int AS bad_sign,
              count(*) FILTER (WHERE amount <> round(amount, 2))::int AS extra_places
         FROM transactions WHERE workspace_id = $1`,
      [summary.workspaceId],
    );
    expect(signs).toEqual({ bad_sign: 0, extra_places: 0 });
  });

  it("publishes FX rates on weekdays only, in both directions", async () => {
    const rates = await db.sql.query<{ pair: string; day: string; rate: string }>(
      `SELECT f.code || '>' || t.code AS pair, r.rate_date::text AS day, r.rate::text AS rate FROM fx_rates r
         JOIN currencies f ON f.id = r.from_currency_id JOIN currencies t ON t.id = r.to_currency_id
        WHERE r.rate_date IN ('2026-11-20', '2026-11-21', '2026-11-22') ORDER BY 1`,
    );
    expect(rates.map((rate) => rate.day)).toEqual(Array(4).fill("2026-11-20"));
    expect(rates.map((rate) => rate.pair)).toEqual(["EUR>GBP", "EUR>USD", "GBP>EUR", "USD>EUR"]);
    const byPair = new Map(rates.map((rate) => [rate.pair, Number(rate.rate)]));
    expect(byPair.get("EUR>USD")).toBeGreaterThan(0.95);
    expect(byPair.get("EUR>USD")).toBeLessThan(1.25);
    expect((byPair.get("EUR>USD") ?? 0) * (byPair.get("USD>EUR") ?? 0)).toBeCloseTo(1, 8);
    const [first] = await db.sql.query<{ first: string }>(`SELECT min(rate_date)::text AS first FROM fx_rates`);
    expect(first?.first.localeCompare("2024-12-01")).toBeLessThan(0);
  });

  it("gives the same ids and amounts when seeded again with the same today", async () => {
    const before = await transactionFingerprint(db, summary.workspaceId);
    const again = await seedDemo(db, { today: TODAY });
    expect(again.workspaceId).toBe(summary.workspaceId);
    expect(again.userId).toBe(summary.userId);
    expect(await transactionFingerprint(db, again.workspaceId)).toEqual(before);
    expect(await db.prisma.workspace.count({ where: { name: "Demo" } })).toBe(1);
  }, 60_000);

  it("writes exactly the requested number of transactions", async () => {
    // Three of the seeder's 5,000-row batches, the last one part full.
    const scaled = await seedDemo(db, { today: TODAY, transactions: 12_345 });
    const [row] = await db.sql.query<{ n: number; months: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT to_char(date, 'YYYY-MM'))::int AS months FROM transactions WHERE workspace_id = $1`,
      [scaled.workspaceId],
    );
    expect(row).toEqual({ n: 12_345, months: 24 });
    expect(scaled.counts.transactions).toBe(12_345);
    const tiny = await seedDemo(db, { today: TODAY, transactions: 7 });
    expect(await db.prisma.transaction.count({ where: { workspaceId: tiny.workspaceId } })).toBe(7);
  }, 120_000);

  it("rejects a transaction count out of range", async () => {
    await expect(seedDemo(db, { today: TODAY, transactions: 0 })).rejects.toThrow(/transactions must be an integer/);
    await expect(seedDemo(db, { today: TODAY, transactions: 1.5 })).rejects.toThrow(/transactions must be an integer/);
  });
});
