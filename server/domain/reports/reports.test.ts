import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { cashFlowSummary } from "./cash-flow-summary";
import { categoryDrift } from "./category-drift";
import { categoryHeatmap } from "./category-heatmap";
import { incomeStability } from "./income-stability";
import { buildStandardWorkspace } from "./testing";
import type { WorkspaceContext } from "../workspace-context";

const db = useTestDatabase();
let fixture: Awaited<ReturnType<typeof buildStandardWorkspace>>;
let context: WorkspaceContext;
const february = { month: "2026-02", range: "recent" as const };
/** February has ended: its figures are whole (partial-month.test.ts reads a month still running). */
const EARLY_MARCH = new Date("2026-03-04T17:00:00Z");

beforeAll(async () => {
  fixture = await buildStandardWorkspace(db);
  context = { db, workspace: fixture.ws.workspace, now: EARLY_MARCH };
});

describe("category heatmap", () => {
  it("spreads spending over months and categories, largest total first, transfers and income left out", async () => {
    const report = await categoryHeatmap(context, february);
    expect(report).toMatchObject({ type: "category_heatmap", id: "category_heatmap:2026-02:recent" });
    expect(report.window).toEqual({
      applied_months: 6,
      earliest_visible_date: "2025-09-01",
      plan: "free",
      requested_range: "recent",
      truncated_by_plan: false,
      partial_month: false,
      as_of: "2026-02-28",
    });
    const a = report.attributes;
    expect(a).toMatchObject({
      analysis_period_start: "2025-09-01",
      analysis_period_end: "2026-02-28",
      period: "recent",
      currency_code: "EUR",
    });
    expect(a.months).toEqual(["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(a.categories.map((category) => category.name)).toEqual(["Rent", "Groceries", "Fun", "Uncategorized"]);
    expect(a.categories[3]).toEqual({ category_id: null, name: "Uncategorized", icon_name: null, accent_color: null });
    expect(a.categories[0]).toMatchObject({
      category_id: fixture.categories.rent,
      icon_name: "rent",
      accent_color: "#123456",
    });
    expect(a.cells).toEqual([
      ["900.00", "100.00", "0.00", "0.00"],
      ["900.00", "100.00", "0.00", "0.00"],
      ["900.00", "100.00", "13.99", "0.00"],
      ["900.00", "100.00", "13.99", "0.00"],
      // The USD 50 coffee of January has no rate: left out, counted as missing.
      ["900.00", "100.00", "13.99", "4.50"],
      // USD 100 at 0.9 = 90.00 joins Streamflix in Fun.
      ["900.00", "300.00", "103.99", "8.50"],
    ]);
    expect([a.min_value, a.max_value]).toEqual(["0.00", "900.00"]);
    // EUR 5400 + 800 + 4 * 13.99 + 13.00; USD 100 + 50; home: EUR + 90.00.
    expect(a.period_total_agg.per_currency).toEqual([
      { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "6268.96", count: 19 },
      expect.objectContaining({ currency_code: "USD", amount: "150.00", count: 2 }),
    ]);
    expect(a.period_total_agg.home_converted).toMatchObject({
      amount: "6358.96",
      fx_partial: true,
      missing_fx_count: 1,
      rate_date: "2026-02-10",
    });
    expect([a.fx_partial, a.missing_fx_count]).toEqual([true, 1]);
  });
});

describe("income stability", () => {
  it("lists every month's income and derives mean, spread, trend and forecast", async () => {
    const a = (await incomeStability(context, february)).attributes;
    // Salary 2000, 2000, 2000, 2100, 2200, 2300 plus February's uncategorised sale of 200; the transfer is no income.
    expect(a.monthly_incomes.map((entry) => entry.amount)).toEqual([
      "2000.00",
      "2000.00",
      "2000.00",
      "2100.00",
      "2200.00",
      "2500.00",
    ]);
    expect([a.monthly_incomes.some((entry) => entry.partial), a.statistics_months]).toEqual([false, 6]);
    // mean 12800 / 6; population variance 193333.33 / 6 = 32222.22, sqrt = 179.51.
    expect([a.mean, a.stddev, a.cv]).toEqual(["2133.33", "179.51", "0.0841"]);
    // slope = sum((x - 2.5) * y) / 17.5 = 1600 / 17.5 = 91.43 a month = 4.3% of the mean.
    expect(a.trend).toBe("increasing");
    // mean + slope * (6 - 2.5) = 2133.33 + 320.
    expect(a.forecast_next_month).toBe("2453.33");
    expect(a.total_income_agg.home_converted).toMatchObject({
      amount: "12800.00",
      fx_partial: false,
      missing_fx_count: 0,
    });
  });
});

describe("category drift", () => {
  it("compares each category's share of the first and the last month", async () => {
    const a = (await categoryDrift(context, february)).attributes;
    const view = a.categories.map((category) => ({
      name: category.name,
      first: category.monthly_shares[0]?.share,
      last: category.monthly_shares[5]?.share,
      change: category.change_pp,
      direction: category.direction,
    }));
    // September: 900 + 100 of 1000; February: 900, 300, 103.99, 8.50 of 1312.49.
    expect(view).toEqual([
      { name: "Rent", first: "90.00", last: "68.57", change: "-21.43", direction: "shrinking" },
      { name: "Groceries", first: "10.00", last: "22.86", change: "12.86", direction: "growing" },
      { name: "Fun", first: "0.00", last: "7.92", change: "7.92", direction: "growing" },
      { name: "Uncategorized", first: "0.00", last: "0.65", change: "0.65", direction: "stable" },
    ]);
  });
});

describe("cash-flow summary", () => {
  it("sums the month's income, expenses and savings, with sources, categories, trend and FX losses", async () => {
    const report = await cashFlowSummary(context, february);
    const a = report.attributes;
    expect(a).toMatchObject({
      month: "2026-02",
      target_savings_rate: "20.00",
      savings_rate: "47.50",
      fx_losses_home: "14.00",
    });
    expect(a.total_income_agg.home_converted.amount).toBe("2500.00");
    expect(a.total_expenses_agg.per_currency.map((entry) => [entry.currency_code, entry.amount, entry.count])).toEqual([
      ["EUR", "1222.49", 5],
      ["USD", "100.00", 1],
    ]);
    expect(a.total_expenses_agg.home_converted.amount).toBe("1312.49");
    expect(a.savings_agg.per_currency.map((entry) => [entry.currency_code, entry.amount])).toEqual([
      ["EUR", "1277.51"],
      ["USD", "-100.00"],
    ]);
    expect(a.savings_agg.home_converted.amount).toBe("1187.51");
    expect(a.income_sources).toEqual([
      {
        account_id: fixture.ids.checking,
        wallet_id: expect.any(String),
        name: "Checking",
        amount: "2300.00",
        percentage: "92.00",
      },
      {
        account_id: fixture.ids.travelEur,
        wallet_id: expect.any(String),
        name: "Travel (EUR)",
        amount: "200.00",
        percentage: "8.00",
      },
    ]);
    expect(a.expense_categories.map((category) => [category.name, category.amount, category.percentage])).toEqual([
      ["Rent", "900.00", "68.57"],
      ["Groceries", "300.00", "22.86"],
      ["Fun", "103.99", "7.92"],
      ["Uncategorized", "8.50", "0.65"],
    ]);
    expect(a.monthly_trend).toEqual([
      {
        month: "2025-09",
        income: "2000.00",
        expenses: "1000.00",
        savings: "1000.00",
        savings_rate: "50.00",
        partial: false,
      },
      {
        month: "2025-10",
        income: "2000.00",
        expenses: "1000.00",
        savings: "1000.00",
        savings_rate: "50.00",
        partial: false,
      },
      {
        month: "2025-11",
        income: "2000.00",
        expenses: "1013.99",
        savings: "986.01",
        savings_rate: "49.30",
        partial: false,
      },
      {
        month: "2025-12",
        income: "2100.00",
        expenses: "1013.99",
        savings: "1086.01",
        savings_rate: "51.71",
        partial: false,
      },
      {
        month: "2026-01",
        income: "2200.00",
        expenses: "1018.49",
        savings: "1181.51",
        savings_rate: "53.71",
        partial: false,
      },
      {
        month: "2026-02",
        income: "2500.00",
        expenses: "1312.49",
        savings: "1187.51",
        savings_rate: "47.50",
        partial: false,
      },
    ]);
    expect(a.month_to_date_comparison).toBeNull();
    expect([a.fx_partial, a.missing_fx_count]).toEqual([true, 1]);
  });

  it("answers a month without data with zeros and a null savings rate", async () => {
    const a = (await cashFlowSummary(context, { month: "2030-01", range: "recent" })).attributes;
    expect(a).toMatchObject({ savings_rate: null, fx_losses_home: "0.00", income_sources: [], expense_categories: [] });
    expect(a.total_income_agg.home_converted.amount).toBe("0.00");
  });
});
