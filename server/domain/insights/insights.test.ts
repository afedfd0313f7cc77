import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCurrencies } from "../../../prisma/seed";
import type { Database } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import { createTestDatabase } from "../../db/testing";
import { addRate, createTestWorkspace, type TestWorkspace } from "../budgets/testing";
import { dayToDate } from "../time/calendar";
import { listInsights } from "./list-insights";
import type { Insight } from "./types";

// 2025-06-21 02:00 UTC is still 2025-06-20 (22:00) in New York: the current month is June.
const NOW = new Date("2025-06-21T02:00:00Z");

let db: Database;
let destroy: () => Promise<void>;
let ws: TestWorkspace;
let foreignAccount: string;
const ids: Record<string, string> = {};

async function list(period: string, accountIds?: string[], now = NOW): Promise<Insight[]> {
  return (await listInsights({ db, workspace: ws.workspace, now }, { period, accountIds })).insights;
}

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
  const currencies = await ensureCurrencies(db);
  ws = await createTestWorkspace(db, currencies, { timezone: "America/New_York" });
  const other = await createTestWorkspace(db, currencies, { timezone: "UTC" });
  [foreignAccount] = (await other.wallet("Theirs", [{ currency: "EUR" }])) as [string];

  const [checking, card] = (await ws.wallet("Checking", [{ currency: "EUR" }, { currency: "USD" }])) as [
    string,
    string,
  ];
  const [second] = (await ws.wallet("Second", [{ currency: "EUR" }])) as [string];
  Object.assign(ids, { checking, card, second });
  const groceries = (ids.groceries = await ws.category("Groceries"));
  const dining = (ids.dining = await ws.category("Dining"));
  const travel = await ws.category("Travel");
  const salary = await ws.category("Salary");
  await addRate(db, currencies, "USD", "EUR", "2025-05-14", "0.9");
  await addRate(db, currencies, "USD", "EUR", "2025-06-19", "0.9");
  const spend = (accountId: string, date: string, amount: string, categoryId: string | null = groceries) =>
    ws.transaction({ accountId, date, amount, categoryId });

  // Groceries before May: 40, 60, 50, 45, 55, 100 (median of the 6 months before May: 52.50).
  for (const [date, amount] of [
    ["2024-11-10", "-40"],
    ["2024-12-10", "-60"],
    ["2025-01-10", "-50"],
    ["2025-02-10", "-45"],
    ["2025-03-10", "-55"],
    ["2025-04-10", "-100"],
  ] as const) {
    await spend(checking, date, amount);
  }
  ids.tx170 = await spend(checking, "2025-05-12", "-170.00");
  ids.txUsd = await spend(card, "2025-05-15", "-200.00"); // 180.00 EUR at the 05-14 rate
  await spend(checking, "2025-05-20", "-150.00");
  await spend(card, "2025-05-25", "-500.00"); // no rate within 7 days: left out
  await spend(checking, "2025-06-03", "-50.00");

  // Dining, on the second wallet only: too little history for a median in May.
  await spend(second, "2025-01-15", "-30.00", dining);
  await spend(second, "2025-04-15", "-30.00", dining);
  await spend(second, "2025-05-05", "-400.00", dining);
  ids.txDiningJune = await spend(second, "2025-06-10", "-240.00", dining);

  // Travel: steady 100 a month, 140 in May (neither a spike nor an anomaly).
  for (const date of ["2025-02-05", "2025-03-05", "2025-04-05"]) await spend(checking, date, "-100.00", travel);
  await spend(checking, "2025-05-05", "-140.00", travel);

  // Salary on the 25th: 3,000 Feb-Apr, 2,000 in May.
  for (const [date, amount] of [
    ["2025-02-25", "3000"],
    ["2025-03-25", "3000"],
    ["2025-04-25", "3000"],
    ["2025-05-25", "2000"],
  ] as const) {
    await ws.transaction({ accountId: checking, date, amount, type: "income", categoryId: salary });
  }
  // Eleven uncategorised expenses of 5 in May (May 1..11), and an uncategorised transfer that does not count.
  for (let day = 1; day <= 11; day += 1)
    await spend(checking, `2025-05-${String(day).padStart(2, "0")}`, "-5.00", null);
  await ws.transaction({ accountId: checking, date: "2025-05-12", amount: "-300", type: "transfer" });

  const budget = async (data: { name: string; amount: string; startDate: string; categoryIds: string[] }) => {
    const created = await db.prisma.budget.create({
      data: {
        workspaceId: ws.workspace.id,
        name: data.name,
        currencyId: currencies.get("EUR")!,
        amount: data.amount,
        baseAmount: data.amount,
        startDate: dayToDate(data.startDate),
      },
    });
    await db.prisma.budgetCategory.createMany({
      data: data.categoryIds.map((categoryId) => ({ budgetId: created.id, categoryId })),
    });
    return created.id;
  };
  ids.groceriesBudget = await budget({
    name: "Groceries",
    amount: "400",
    startDate: "2025-01-01",
    categoryIds: [groceries],
  });
  ids.diningBudget = await budget({ name: "Dining", amount: "300", startDate: "2025-06-01", categoryIds: [dining] });

  const goal = (data: Partial<Prisma.GoalUncheckedCreateInput> & { name: string; targetAmount: string }) =>
    db.prisma.goal.create({
      data: { workspaceId: ws.workspace.id, rawName: data.name, currencyId: currencies.get("EUR")!, ...data },
    });
  ids.laptop = (
    await goal({
      name: "Laptop",
      targetAmount: "2400",
      savedAmount: "350",
      monthlyContribution: "100",
      targetDate: dayToDate("2025-12-31"),
    })
  ).id;
  ids.camera = (
    await goal({ name: "Camera", targetAmount: "400", savedAmount: "100", targetDate: dayToDate("2025-05-01") })
  ).id;
  await goal({
    name: "Bike",
    targetAmount: "1000",
    savedAmount: "500",
    monthlyContribution: "200",
    targetDate: dayToDate("2025-09-30"),
  });

  const rule = (data: Partial<Prisma.RecurringRuleUncheckedCreateInput> & { name: string; startDate: string }) =>
    db.prisma.recurringRule.create({
      data: {
        workspaceId: ws.workspace.id,
        rawName: data.name,
        type: "expense",
        amount: "900",
        currencyId: currencies.get("EUR")!,
        accountId: checking,
        frequency: "monthly",
        ...data,
        startDate: dayToDate(data.startDate),
      },
    });
  ids.rent = (await rule({ name: "Rent", startDate: "2025-01-25" })).id;
  ids.streaming = (
    await rule({
      name: "Streaming",
      kind: "subscription",
      amount: "15",
      currencyId: currencies.get("USD")!,
      accountId: card,
      startDate: "2025-01-21",
    })
  ).id;
  await rule({ name: "Gym", status: "paused", startDate: "2025-01-22" });
  await rule({ name: "Insurance", startDate: "2025-01-05" });
  await rule({ name: "Pay", type: "income", startDate: "2025-01-23" });
});

afterAll(async () => destroy?.());

const byId = (insights: Insight[]) => new Map(insights.map((insight) => [insight.id, insight]));

describe("a past month (May 2025), judged on its last day", () => {
  it("lists every insight the facts give, highest priority first, then the most recent", async () => {
    expect((await list("2025-05")).map((insight) => [insight.id, insight.priority, insight.triggered_at])).toEqual([
      [`budget_overspend:2025-05:${ids.groceriesBudget}`, "high", "2025-05-20T00:00:00.000Z"],
      [`spending_spike:2025-05:${ids.groceries}`, "high", "2025-05-12T00:00:00.000Z"],
      [`spending_spike:2025-05:${ids.dining}`, "high", "2025-05-05T00:00:00.000Z"],
      ["income_drop:2025-05", "medium", "2025-05-31T00:00:00.000Z"],
      [`anomaly:2025-05:${ids.txUsd}`, "medium", "2025-05-15T00:00:00.000Z"],
      [`anomaly:2025-05:${ids.tx170}`, "medium", "2025-05-12T00:00:00.000Z"],
      ["uncategorized_backlog:2025-05", "low", "2025-05-11T00:00:00.000Z"],
    ]);
  });

  it("flags expenses above 3x the category's 6-month median, converted at their date's rate", async () => {
    const insights = byId(await list("2025-05"));
    // Median of 40, 45, 50, 55, 60, 100 = 52.50; 170 / 52.50 = 3.24; 200 USD * 0.9 = 180 -> 3.43. 150 < 157.50 is not.
    expect(insights.get(`anomaly:2025-05:${ids.tx170}`)).toMatchObject({
      type: "anomaly",
      entity_id: ids.tx170,
      associated_transaction_id: ids.tx170,
      payload: {
        category_id: ids.groceries,
        date: "2025-05-12",
        amount: "170.00",
        median_amount: "52.50",
        multiple: "3.24",
        history_count: 6,
        currency_code: "EUR",
      },
    });
    expect(insights.get(`anomaly:2025-05:${ids.txUsd}`)!.payload).toMatchObject({ amount: "180.00", multiple: "3.43" });
  });

  it("reports the overspent budget in its own currency, from the day spending passed the budget", async () => {
    // 170 + 180 + 150 = 500 of 400 (the 500 USD without a rate is left out and counted).
    expect(byId(await list("2025-05")).get(`budget_overspend:2025-05:${ids.groceriesBudget}`)).toMatchObject({
      entity_id: ids.groceriesBudget,
      associated_transaction_id: null,
      payload: {
        name: "Groceries",
        period_start: "2025-05-01",
        period_end: "2025-05-31",
        available: "400.00",
        spent: "500.00",
        remaining: "-100.00",
        currency_code: "EUR",
        missing_fx_count: 1,
      },
    });
  });

  it("compares category spending and income with the 3 months before", async () => {
    const insights = byId(await list("2025-05"));
    // Groceries Feb-Apr 45 + 55 + 100 = 200 / 3 = 66.67; threshold max(100.01, 166.67); 500 >= 3 x 66.67.
    expect(insights.get(`spending_spike:2025-05:${ids.groceries}`)).toMatchObject({
      entity_id: ids.groceries,
      payload: {
        amount: "500.00",
        average_amount: "66.67",
        increase_amount: "433.33",
        share_percentage: "749.96",
        compared_through_day: 31,
        previous_months: [
          { month: "2025-04", amount: "100.00" },
          { month: "2025-03", amount: "55.00" },
          { month: "2025-02", amount: "45.00" },
        ],
        missing_fx_count: 1,
      },
    });
    // Dining: (0 + 0 + 30) / 3 = 10; 400 > 110.
    expect(insights.get(`spending_spike:2025-05:${ids.dining}`)!.payload).toMatchObject({
      amount: "400.00",
      average_amount: "10.00",
    });
    // 2,000 < 80% of 3,000, not below 50%.
    expect(insights.get("income_drop:2025-05")).toMatchObject({
      entity_id: null,
      payload: { amount: "2000.00", average_amount: "3000.00", decrease_amount: "1000.00", share_percentage: "66.67" },
    });
    expect(insights.get("uncategorized_backlog:2025-05")!.payload).toEqual({
      count: 11,
      amount: "55.00",
      currency_code: "EUR",
      missing_fx_count: 0,
    });
  });

  it("gives the same ids, times and payloads for the same facts", async () => {
    const first = await list("2025-05");
    const again = await list("2025-05", undefined, new Date(NOW.getTime() + 2 * 60 * 60 * 1000)); // recomputed, not cached
    expect(again).toEqual(first);
  });

  it("restricts transaction-based insights to account_ids; budgets stay workspace-wide", async () => {
    expect((await list("2025-05", [ids.second!])).map((insight) => insight.id)).toEqual([
      `budget_overspend:2025-05:${ids.groceriesBudget}`,
      `spending_spike:2025-05:${ids.dining}`,
    ]);
    expect((await list("2025-05", [foreignAccount])).map((insight) => insight.type)).toEqual(["budget_overspend"]);
  });
});

describe("the current month (June 2025, today the 20th in New York)", () => {
  it("adds goals off track, bills due within 7 days and budgets at risk; compares months up to day 20", async () => {
    const insights = await list("2025-06");
    expect(insights.map((insight) => [insight.id, insight.priority, insight.triggered_at])).toEqual([
      [`goal_off_track:2025-06:${ids.camera}`, "high", "2025-05-02T00:00:00.000Z"],
      [`upcoming_bill:2025-06:${ids.streaming}:2025-06-21`, "medium", "2025-06-14T00:00:00.000Z"],
      [`anomaly:2025-06:${ids.txDiningJune}`, "medium", "2025-06-10T00:00:00.000Z"], // same day: by id
      [`budget_pace:2025-06:${ids.diningBudget}`, "medium", "2025-06-10T00:00:00.000Z"],
      [`goal_off_track:2025-06:${ids.laptop}`, "medium", "2025-06-01T00:00:00.000Z"],
      [`upcoming_bill:2025-06:${ids.rent}:2025-06-25`, "low", "2025-06-18T00:00:00.000Z"],
    ]);
    const found = byId(insights);
    // 240 after 20 of 30 days of a 300 budget: expected 200.00, 240 > 220 but not over.
    expect(found.get(`budget_pace:2025-06:${ids.diningBudget}`)!.payload).toMatchObject({
      spent: "240.00",
      expected_spend_to_date: "200.00",
      days_elapsed: 20,
    });
    // Dining before June: 30, 30, 400 -> median 30; 240 = 8x.
    expect(found.get(`anomaly:2025-06:${ids.txDiningJune}`)!.payload).toMatchObject({
      amount: "240.00",
      median_amount: "30.00",
      multiple: "8.00",
    });
    // 2,050 to go over Jul..Dec (6 months) = 341.67 a month; 100 is behind.
    expect(found.get(`goal_off_track:2025-06:${ids.laptop}`)!.payload).toMatchObject({
      pace: "behind",
      overdue: false,
      remaining_amount: "2050.00",
      required_monthly: "341.67",
      monthly_pace: "100.00",
      currency_code: "EUR",
    });
    expect(found.get(`goal_off_track:2025-06:${ids.camera}`)!.payload).toMatchObject({
      overdue: true,
      target_date: "2025-05-01",
    });
    expect(found.get(`upcoming_bill:2025-06:${ids.streaming}:2025-06-21`)).toMatchObject({
      entity_id: ids.streaming,
      payload: {
        due_date: "2025-06-21",
        days_until: 1,
        amount: "15.00",
        currency_code: "USD",
        home_amount: "13.50",
        home_currency_code: "EUR",
        kind: "subscription",
      },
    });
    // The salary of the 25th is outside every window up to day 20, so income is not compared as a drop.
    expect(insights.some((insight) => insight.type === "income_drop")).toBe(false);
  });

  it("limits bills to rules paid from the filtered accounts", async () => {
    const types = (await list("2025-06", [ids.card!]))
      .filter((insight) => insight.type === "upcoming_bill")
      .map((insight) => insight.entity_id);
    expect(types).toEqual([ids.streaming]);
  });

  it("has nothing for a month that has not begun", async () => {
    expect(await list("2025-07")).toEqual([]);
  });
});
