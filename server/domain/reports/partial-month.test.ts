import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { listInsights } from "../insights/list-insights";
import { cashFlowSummary } from "./cash-flow-summary";
import { categoryDrift } from "./category-drift";
import { categoryHeatmap } from "./category-heatmap";
import { incomeStability } from "./income-stability";
import { createReportWorkspace, type ReportWorkspace } from "./testing";
import { uncategorizedClusters } from "./uncategorized-clusters";

/**
 * A month still running, in New York. September to January: salary 3,000 on the 10th, rent 1,000 on
 * the 1st, groceries 200 on the 20th. February so far: rent on the 1st, a refund of 100 on the 2nd,
 * groceries 50 on the 3rd; the salary has not arrived yet.
 */
const db = useTestDatabase();
let ws: ReportWorkspace;

/** Noon in New York on `day`. */
const noonIn = (day: string) => new Date(`${day}T17:00:00Z`);
const MID_FEBRUARY = noonIn("2026-02-15");
const at = (now: Date) => ({ db, workspace: ws.workspace, now });
const february = { month: "2026-02", range: "recent" as const };

beforeAll(async () => {
  ws = await createReportWorkspace(db, { timezone: "America/New_York" });
  const [checking] = (await ws.wallet("Checking", ["EUR"])) as [string];
  const rent = await ws.category("Rent");
  const groceries = await ws.category("Groceries");
  const salary = await ws.category("Salary");
  for (const month of ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01"]) {
    await ws.transaction({
      accountId: checking,
      date: `${month}-01`,
      amount: "-1000",
      description: "Rent",
      categoryId: rent,
    });
    await ws.transaction({
      accountId: checking,
      date: `${month}-10`,
      amount: "3000",
      description: "Salary",
      categoryId: salary,
    });
    await ws.transaction({
      accountId: checking,
      date: `${month}-20`,
      amount: "-200",
      description: "Market",
      categoryId: groceries,
    });
  }
  await ws.transaction({
    accountId: checking,
    date: "2026-02-01",
    amount: "-1000",
    description: "Rent",
    categoryId: rent,
  });
  await ws.transaction({ accountId: checking, date: "2026-02-02", amount: "100", description: "Refund" });
  await ws.transaction({
    accountId: checking,
    date: "2026-02-03",
    amount: "-50",
    description: "Market",
    categoryId: groceries,
  });
});

describe("a month still running (15 February in New York)", () => {
  it("marks the window of every report partial, as of today", async () => {
    const partial = { partial_month: true, as_of: "2026-02-15" };
    expect((await cashFlowSummary(at(MID_FEBRUARY), february)).window).toMatchObject({ applied_months: 6, ...partial });
    expect((await categoryHeatmap(at(MID_FEBRUARY), february)).window).toMatchObject(partial);
    expect((await uncategorizedClusters(at(MID_FEBRUARY))).window).toMatchObject(partial);
    // March has not begun: partial, its figures as of its first day.
    expect((await cashFlowSummary(at(MID_FEBRUARY), { month: "2026-03", range: "recent" })).window).toMatchObject({
      partial_month: true,
      as_of: "2026-03-01",
    });
    // January has ended.
    expect((await cashFlowSummary(at(MID_FEBRUARY), { month: "2026-01", range: "recent" })).window).toMatchObject({
      partial_month: false,
      as_of: "2026-01-31",
    });
  });

  it("gives the cash flow so far, flags February in the trend and compares it with the same days of the 3 months before", async () => {
    const a = (await cashFlowSummary(at(MID_FEBRUARY), february)).attributes;
    expect([
      a.total_income_agg.home_converted.amount,
      a.total_expenses_agg.home_converted.amount,
      a.savings_rate,
    ]).toEqual(["100.00", "1050.00", "-950.00"]);
    expect(a.monthly_trend.map((entry) => [entry.month, entry.income, entry.savings_rate, entry.partial])).toEqual([
      ["2025-09", "3000.00", "60.00", false],
      ["2025-10", "3000.00", "60.00", false],
      ["2025-11", "3000.00", "60.00", false],
      ["2025-12", "3000.00", "60.00", false],
      ["2026-01", "3000.00", "60.00", false],
      ["2026-02", "100.00", "-950.00", true],
    ]);
    // Up to the 15th, earlier months had the salary (the 10th) and the rent, not yet the groceries (the 20th).
    expect(a.month_to_date_comparison).toEqual({
      through_day: 15,
      months: [
        {
          month: "2026-02",
          through: "2026-02-15",
          income: "100.00",
          expenses: "1050.00",
          savings: "-950.00",
          savings_rate: "-950.00",
        },
        {
          month: "2026-01",
          through: "2026-01-15",
          income: "3000.00",
          expenses: "1000.00",
          savings: "2000.00",
          savings_rate: "66.67",
        },
        {
          month: "2025-12",
          through: "2025-12-15",
          income: "3000.00",
          expenses: "1000.00",
          savings: "2000.00",
          savings_rate: "66.67",
        },
        {
          month: "2025-11",
          through: "2025-11-15",
          income: "3000.00",
          expenses: "1000.00",
          savings: "2000.00",
          savings_rate: "66.67",
        },
      ],
      previous_months_compared: 3,
      previous_average: { income: "3000.00", expenses: "1000.00", savings: "2000.00", savings_rate: "66.67" },
    });
  });

  it("leaves February out of the income statistics: stable at 3,000, not decreasing", async () => {
    const a = (await incomeStability(at(MID_FEBRUARY), february)).attributes;
    expect(a.monthly_incomes.at(-1)).toEqual({ month: "2026-02", amount: "100.00", partial: true });
    expect(a.monthly_incomes.filter((entry) => entry.partial)).toHaveLength(1);
    // With February counted the mean would be 2516.67 and the trend decreasing.
    expect(a).toMatchObject({
      statistics_months: 5,
      mean: "3000.00",
      stddev: "0.00",
      cv: "0.0000",
      trend: "stable",
      forecast_next_month: "3000.00",
    });
    expect(a.total_income_agg.home_converted.amount).toBe("15100.00");
  });

  it("compares category shares with January, the last month that has ended", async () => {
    const a = (await categoryDrift(at(MID_FEBRUARY), february)).attributes;
    expect(a.compared_month).toBe("2026-01");
    // February so far is 95.24% rent (paid on the 1st): compared, rent would be "growing" by 11.91 points.
    expect(
      a.categories.map((category) => [
        category.name,
        category.monthly_shares.at(-1),
        category.change_pp,
        category.direction,
      ]),
    ).toEqual([
      ["Groceries", { month: "2026-02", share: "4.76", partial: true }, "0.00", "stable"],
      ["Rent", { month: "2026-02", share: "95.24", partial: true }, "0.00", "stable"],
    ]);
  });

  it("raises no income drop while February runs, and one once it has ended", async () => {
    const running = (await listInsights(at(MID_FEBRUARY), { period: "2026-02" })).insights;
    expect(running.filter((insight) => insight.type === "income_drop")).toEqual([]);
    // Nor for March, which has not begun (no income yet is not a drop).
    const notBegun = (await listInsights(at(MID_FEBRUARY), { period: "2026-03" })).insights;
    expect(notBegun.filter((insight) => insight.type === "income_drop")).toEqual([]);
    const ended = (await listInsights(at(noonIn("2026-03-05")), { period: "2026-02" })).insights;
    expect(ended.find((insight) => insight.type === "income_drop")).toMatchObject({
      id: "income_drop:2026-02",
      priority: "high",
      payload: { amount: "100.00", average_amount: "3000.00", compared_through_day: 28 },
    });
  });
});

describe("the edges of a month", () => {
  it("compares the 1st with the 1st of earlier months", async () => {
    const a = (await cashFlowSummary(at(noonIn("2026-02-01")), february)).attributes;
    expect(a.month_to_date_comparison).toMatchObject({
      through_day: 1,
      months: [
        { month: "2026-02", income: "0.00", expenses: "1000.00" },
        { through: "2026-01-01" },
        { through: "2025-12-01" },
        { through: "2025-11-01" },
      ],
      previous_average: { income: "0.00", expenses: "1000.00", savings: "-1000.00", savings_rate: null },
    });
  });

  it("keeps the last day partial and clamps shorter months to their end", async () => {
    const report = await cashFlowSummary(at(noonIn("2026-01-31")), { month: "2026-01", range: "recent" });
    expect(report.window).toMatchObject({ partial_month: true, as_of: "2026-01-31" });
    expect(report.attributes.month_to_date_comparison!.months.map((entry) => entry.through)).toEqual([
      "2026-01-31",
      "2025-12-31",
      "2025-11-30",
      "2025-10-31",
    ]);
  });

  it("averages only earlier months with data", async () => {
    const a = (await cashFlowSummary(at(noonIn("2025-10-15")), { month: "2025-10", range: "recent" })).attributes;
    // September is the first month with data: July and August are not averaged in.
    expect(a.month_to_date_comparison).toMatchObject({
      previous_months_compared: 1,
      previous_average: { income: "3000.00", expenses: "1000.00" },
    });
  });

  it("reads the month in the workspace timezone and serves a new answer once the month has ended", async () => {
    // 03:00 UTC on 1 March is 22:00 on 28 February in New York: February still runs.
    const lastEvening = await incomeStability(at(new Date("2026-03-01T03:00:00Z")), { range: "recent" });
    expect(lastEvening.id).toBe("income_stability:2026-02:recent");
    expect(lastEvening.window).toMatchObject({ partial_month: true, as_of: "2026-02-28" });
    expect(lastEvening.attributes.statistics_months).toBe(5);
    // 06:00 UTC is 01:00 on 1 March: the same question, now about a month that has ended.
    const after = await incomeStability(at(new Date("2026-03-01T06:00:00Z")), february);
    expect(after.window).toMatchObject({ partial_month: false, as_of: "2026-02-28" });
    expect(after.attributes).toMatchObject({ statistics_months: 6, trend: "decreasing" });
    expect(after.attributes.monthly_incomes.at(-1)!.partial).toBe(false);
  });
});
