import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCurrencies } from "../../../prisma/seed";
import type { Database } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import { createTestDatabase } from "../../db/testing";
import { AppError } from "../../errors";
import { dayToDate } from "../time/calendar";
import { getBudget, listBudgets } from "./read-budgets";
import { addRate, createTestWorkspace, type TestWorkspace } from "./testing";

// 2025-03-31 12:00 UTC is already 2025-04-01 01:00 in Auckland (UTC+13 until 6 April).
const AUCKLAND_APRIL_1 = new Date("2025-03-31T12:00:00Z");
// 2025-03-15 12:00 UTC is 2025-03-16 01:00 in Auckland.
const AUCKLAND_MARCH_16 = new Date("2025-03-15T12:00:00Z");

let db: Database;
let destroy: () => Promise<void>;
let currencies: Map<string, string>;
let ws: TestWorkspace;
let other: TestWorkspace;
const ids = { groceries: "", travel: "", hobbies: "", foreign: "" };

async function createBudget(
  owner: TestWorkspace,
  data: Partial<Prisma.BudgetUncheckedCreateInput> & { name: string; categoryIds: string[] },
) {
  const { categoryIds, ...fields } = data;
  const budget = await db.prisma.budget.create({
    data: {
      workspaceId: owner.workspace.id,
      createdByUserId: owner.userId,
      currencyId: currencies.get("EUR")!,
      amount: "300",
      baseAmount: "300",
      startDate: dayToDate("2025-01-01"),
      ...fields,
    },
  });
  await db.prisma.budgetCategory.createMany({
    data: categoryIds.map((categoryId) => ({ budgetId: budget.id, categoryId })),
  });
  return budget.id;
}

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
  currencies = await ensureCurrencies(db);
  ws = await createTestWorkspace(db, currencies, { timezone: "Pacific/Auckland", userName: "Budget Owner" });
  other = await createTestWorkspace(db, currencies, { timezone: "UTC" });

  const [checking] = await ws.wallet("Checking", [{ currency: "EUR" }]);
  const [usd] = await ws.wallet("Travel card", [{ currency: "USD" }]);
  const groceries = await ws.category("Groceries");
  const dining = await ws.category("Dining");
  const travel = await ws.category("Travel");
  const hobbies = await ws.category("Hobbies");

  // Groceries, monthly, carry: January spends 250, February 400 less a 30 refund, March 120, April 20.
  ids.groceries = await createBudget(ws, {
    name: "Groceries",
    rolloverStrategy: "carry",
    pacingStrategy: "linear",
    categoryIds: [groceries],
  });
  const spend = (
    date: string,
    amount: string,
    categoryId = groceries,
    extra: Partial<Parameters<TestWorkspace["transaction"]>[0]> = {},
  ) => ws.transaction({ accountId: checking!, date, amount, categoryId, ...extra });
  await spend("2025-01-05", "-100.00");
  await spend("2025-01-20", "-150.00");
  await spend("2025-02-10", "-400.00");
  await spend("2025-02-12", "30.00"); // a refund booked as an expense reduces spending
  await spend("2025-03-03", "-120.00");
  await spend("2025-03-20", "-500.00", groceries, { type: "transfer" }); // transfers never count
  await spend("2025-03-21", "-80.00", dining); // another category
  await spend("2025-03-22", "900.00", groceries, { type: "income" }); // income is not spending
  await spend("2025-04-01", "-20.00");
  // Another workspace's transaction pointing at this category must not count.
  const [foreignAccount] = await other.wallet("Elsewhere", [{ currency: "EUR" }]);
  await other.transaction({
    accountId: foreignAccount!,
    date: "2025-03-05",
    amount: "-1000.00",
    categoryId: groceries,
  });

  // Travel, EUR budget over a USD card, front-loaded, no rollover, leaving out recurring bookings.
  ids.travel = await createBudget(ws, {
    name: "Travel",
    amount: "200",
    baseAmount: "200",
    rolloverStrategy: "none",
    pacingStrategy: "front_loaded",
    includeRecurringTransactions: false,
    order: 1,
    categoryIds: [travel],
  });
  await addRate(db, currencies, "USD", "EUR", "2025-03-07", "0.9");
  await ws.transaction({ accountId: usd!, date: "2025-03-10", amount: "-110.00", categoryId: travel }); // 99.00 EUR at the 03-07 rate
  await ws.transaction({ accountId: usd!, date: "2025-03-25", amount: "-50.00", categoryId: travel }); // no rate within 7 days
  const rule = await db.prisma.recurringRule.create({
    data: {
      workspaceId: ws.workspace.id,
      name: "Rail pass",
      rawName: "Rail pass",
      type: "expense",
      amount: "10",
      currencyId: currencies.get("EUR")!,
      accountId: checking!,
      frequency: "monthly",
      startDate: dayToDate("2025-01-12"),
    },
  });
  await spend("2025-03-12", "-10.00", travel, { recurringRuleId: rule.id });

  // Hobbies, weekly from Monday 2025-03-03, no pacing, switched off.
  ids.hobbies = await createBudget(ws, {
    name: "Hobbies",
    amount: "100",
    baseAmount: "100",
    period: "weekly",
    pacingStrategy: "none",
    active: false,
    order: 2,
    startDate: dayToDate("2025-03-03"),
    categoryIds: [hobbies],
  });
  await spend("2025-03-12", "-95.00", hobbies);

  ids.foreign = await createBudget(other, { name: "Not yours", categoryIds: [] });
});

afterAll(async () => destroy?.());

const context = (now: Date) => ({ db, workspace: ws.workspace, now });

describe("getBudget: carry rollover across months", () => {
  it("gives the first period, without rollover, for a period date before the start", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_APRIL_1), ids.groceries, { periodDate: "2024-12-01" });
    expect(attributes.current_period).toMatchObject({
      period_start: "2025-01-01",
      period_end: "2025-01-31",
      period_date: "2024-12-01",
      days_total: 31,
      days_elapsed: 31,
      budgeted: "300.00",
      rollover_in: "0.00",
      available: "300.00",
      spent: "250.00",
      remaining: "50.00",
      expected_spend_to_date: "300.00",
      spent_percentage: "83.33",
      status: "on_track",
      fx_partial: false,
      missing_fx_count: 0,
    });
  });

  it("carries January's 50 left into February, where a refund reduces spending and the budget goes over", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_APRIL_1), ids.groceries, { periodDate: "2025-02-28" });
    expect(attributes.current_period).toMatchObject({
      period_start: "2025-02-01",
      period_end: "2025-02-28",
      days_total: 28,
      rollover_in: "50.00",
      available: "350.00",
      spent: "370.00",
      remaining: "-20.00",
      spent_percentage: "105.71",
      status: "over",
    });
  });

  it("carries February's overspend of 20 into March; transfers, income and other categories do not count", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_APRIL_1), ids.groceries, { periodDate: "2025-03-15" });
    expect(attributes.current_period).toMatchObject({
      rollover_in: "-20.00",
      available: "280.00",
      spent: "120.00",
      remaining: "160.00",
      spent_percentage: "42.86",
      status: "on_track",
    });
  });

  it("takes today in the workspace timezone: already April in Auckland while still March in UTC", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_APRIL_1), ids.groceries);
    // available 300 + 160; linear pace after 1 of 30 days: 460 / 30 = 15.33; 20 > 15.33 * 1.1.
    expect(attributes.current_period).toMatchObject({
      period_start: "2025-04-01",
      period_end: "2025-04-30",
      period_date: "2025-04-01",
      days_total: 30,
      days_elapsed: 1,
      rollover_in: "160.00",
      available: "460.00",
      spent: "20.00",
      remaining: "440.00",
      expected_spend_to_date: "15.33",
      spent_percentage: "4.35",
      status: "at_risk",
    });
  });

  it("counts no days elapsed in a future period", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_APRIL_1), ids.groceries, { periodDate: "2025-05-02" });
    expect(attributes.current_period).toMatchObject({
      period_start: "2025-05-01",
      days_elapsed: 0,
      rollover_in: "440.00",
      available: "740.00",
      spent: "0.00",
      expected_spend_to_date: "0.00",
      status: "on_track",
    });
  });

  it("shows the currency, categories and creator", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_APRIL_1), ids.groceries);
    expect(attributes.currency).toMatchObject({ code: "EUR", decimal_places: 2 });
    expect(attributes.amount).toBe("300.00");
    expect(attributes.categories).toEqual([
      { id: attributes.category_ids[0], name: "Groceries", icon: "groceries", accent_color: null },
    ]);
    expect(attributes.created_by).toMatchObject({ id: ws.userId, name: "Budget Owner" });
  });
});

describe("getBudget: currencies, recurring bookings and pacing", () => {
  it("converts USD into the EUR budget with the rate of the day and counts rows without a rate", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_MARCH_16), ids.travel);
    // 110 USD * 0.9 = 99.00; the 50 USD of 03-25 has no rate; the recurring 10 EUR is left out.
    // Front-loaded: 200 * sqrt(16 / 31) = 143.68.
    expect(attributes.current_period).toMatchObject({
      period_date: "2025-03-16",
      days_elapsed: 16,
      days_total: 31,
      rollover_in: "0.00",
      available: "200.00",
      spent: "99.00",
      expected_spend_to_date: "143.68",
      spent_percentage: "49.50",
      status: "on_track",
      fx_partial: true,
      missing_fx_count: 1,
    });
  });

  it("counts the row once a rate within 7 days exists", async () => {
    await addRate(db, currencies, "USD", "EUR", "2025-03-24", "0.8");
    const { attributes } = await getBudget(context(AUCKLAND_MARCH_16), ids.travel);
    expect(attributes.current_period).toMatchObject({ spent: "139.00", fx_partial: false, missing_fx_count: 0 });
  });

  it("counts recurring bookings when the budget includes them", async () => {
    await db.prisma.budget.update({ where: { id: ids.travel }, data: { includeRecurringTransactions: true } });
    const { attributes } = await getBudget(context(AUCKLAND_MARCH_16), ids.travel);
    expect(attributes.current_period.spent).toBe("149.00");
    await db.prisma.budget.update({ where: { id: ids.travel }, data: { includeRecurringTransactions: false } });
  });

  it("without pacing puts a week at risk above 90% of the available amount", async () => {
    const { attributes } = await getBudget(context(AUCKLAND_MARCH_16), ids.hobbies, { periodDate: "2025-03-12" });
    expect(attributes.current_period).toMatchObject({
      period_start: "2025-03-10",
      period_end: "2025-03-16",
      days_total: 7,
      days_elapsed: 7,
      spent: "95.00",
      expected_spend_to_date: null,
      status: "at_risk",
    });
  });
});

describe("budgets of the workspace only", () => {
  it("answers another workspace's budget as not found", async () => {
    await expect(getBudget(context(AUCKLAND_APRIL_1), ids.foreign)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
    await expect(getBudget(context(AUCKLAND_APRIL_1), ids.foreign)).rejects.toBeInstanceOf(AppError);
  });

  it("lists by order, filters on active, and pages by cursor", async () => {
    const all = await listBudgets(context(AUCKLAND_APRIL_1), { mode: "page", page: 1, limit: 50 });
    expect(all.items.map((item) => item.attributes.name)).toEqual(["Groceries", "Travel", "Hobbies"]);
    expect(all.total).toBe(3);
    const inactive = await listBudgets(
      context(AUCKLAND_APRIL_1),
      { mode: "page", page: 1, limit: 50 },
      { active: false },
    );
    expect(inactive.items.map((item) => item.attributes.name)).toEqual(["Hobbies"]);
    const first = await listBudgets(
      context(AUCKLAND_APRIL_1),
      { mode: "cursor", after: null, limit: 2 },
      { periodDate: "2025-03-15" },
    );
    expect(first.items.map((item) => item.attributes.current_period.period_date)).toEqual(["2025-03-15", "2025-03-15"]);
    expect(first.nextCursor).not.toBeNull();
  });
});
