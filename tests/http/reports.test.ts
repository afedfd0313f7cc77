import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";

const api = createClient(inject("baseUrl"));

let token: string;
let otherScopesToken: string;

const REPORTS = [
  ["category-heatmap", "category_heatmap"],
  ["income-stability", "income_stability"],
  ["uncategorized-clusters", "uncategorized_clusters"],
  ["recurring-detection", "recurring_detection"],
  ["category-drift", "category_drift"],
  ["cash-flow-summary", "cash_flow_summary"],
] as const;

function berlinMonth(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date()).slice(0, 7);
}

function monthsBefore(month: string, n: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 - n, 1));
  return date.toISOString().slice(0, 7);
}

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ["reports:read"])).token;
  otherScopesToken = (await api.createToken(session, ["transactions:read", "insights:read"])).token;
});

describe("reports on the demo workspace", () => {
  it.each(REPORTS)("%s answers 200 with its report resource and window", async (path, type) => {
    const response = await api.call("GET", `/api/v1/programmatic/reports/${path}`, { token });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.type).toBe(type);
    const month = berlinMonth();
    const range = path === "uncategorized-clusters" || path === "recurring-detection" ? "full" : "recent";
    expect(data.id).toBe(`${type}:${month}:${range}`);
    expect(data.window).toMatchObject({ plan: "free", requested_range: range });
    // The demo holds 24 months: recent is 6 months, full is clamped to the free plan's 12.
    expect(data.window.applied_months).toBe(range === "recent" ? 6 : 12);
    expect(data.window.truncated_by_plan).toBe(range === "full");
    expect(data.window.earliest_visible_date).toBe(`${monthsBefore(month, data.window.applied_months - 1)}-01`);
    expect(data.attributes.analysis_period_start).toBe(data.window.earliest_visible_date);
    expect(data.attributes.analysis_period_end.slice(0, 7)).toBe(month);
  });

  it("fills the heatmap with a month x category matrix and the period total", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/reports/category-heatmap?range=full", { token });
    const a = response.body.data.attributes;
    expect(response.body.data.window).toMatchObject({
      applied_months: 12,
      truncated_by_plan: true,
      requested_range: "full",
    });
    expect(a.months).toHaveLength(12);
    expect(a.cells).toHaveLength(12);
    expect(a.cells.every((row: string[]) => row.length === a.categories.length)).toBe(true);
    expect(a.categories.length).toBeGreaterThan(3);
    expect(a.currency_code).toBe("EUR");
    expect(Number(a.period_total_agg.home_converted.amount)).toBeGreaterThan(0);
  });

  it("sums the cash flow of a past month consistently", async () => {
    const month = monthsBefore(berlinMonth(), 2);
    const response = await api.call("GET", `/api/v1/programmatic/reports/cash-flow-summary?month=${month}`, { token });
    expect(response.status).toBe(200);
    const a = response.body.data.attributes;
    expect(a.month).toBe(month);
    const income = Number(a.total_income_agg.home_converted.amount);
    const expenses = Number(a.total_expenses_agg.home_converted.amount);
    expect(income).toBeGreaterThan(0);
    expect(Number(a.savings_agg.home_converted.amount)).toBeCloseTo(income - expenses, 2);
    expect(a.monthly_trend.at(-1)).toMatchObject({ month, income: a.total_income_agg.home_converted.amount });
    expect(a.target_savings_rate).toBe("20.00");
  });

  it("answers the deprecated period like the range it stands for", async () => {
    const viaPeriod = await api.call("GET", "/api/v1/programmatic/reports/income-stability?period=6m", { token });
    const viaRange = await api.call("GET", "/api/v1/programmatic/reports/income-stability?range=recent", { token });
    expect(viaPeriod.status).toBe(200);
    expect(viaPeriod.body).toEqual(viaRange.body);
  });
});

describe("the monthly overview", () => {
  const overview = (query: string, bearer: string) =>
    api.call("GET", `/api/v1/programmatic/reports/monthly-overview${query}`, { token: bearer });

  it("answers in one call what the cash-flow summary, category drift, budgets and insights answer", async () => {
    const session = await api.signIn("demo@example.com", "demo-password-1234");
    const everything = (await api.createToken(session, ["reports:read", "budgets:read", "insights:read"])).token;
    const month = monthsBefore(berlinMonth(), 1);
    const response = await overview(`?month=${month}`, everything);
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toMatchObject({ type: "monthly_overview", id: `monthly_overview:${month}` });
    const a = data.attributes;

    const flows = (await api.call("GET", `/api/v1/programmatic/reports/cash-flow-summary?month=${month}`, { token }))
      .body.data;
    expect(data.window).toEqual(flows.window);
    expect(a.currency_code).toBe(flows.attributes.total_income_agg.home_converted.currency_code);
    expect(a.cash_flow).toMatchObject({
      income: flows.attributes.total_income_agg.home_converted.amount,
      expenses: flows.attributes.total_expenses_agg.home_converted.amount,
      savings: flows.attributes.savings_agg.home_converted.amount,
      savings_rate: flows.attributes.savings_rate,
      target_savings_rate: "20.00",
      monthly_trend: flows.attributes.monthly_trend,
      month_to_date_comparison: null,
    });
    expect(a.cash_flow.top_expense_categories).toEqual(
      flows.attributes.expense_categories
        .slice(0, 5)
        .map(({ category_id, name, amount, percentage }: Record<string, unknown>) => ({
          category_id,
          name,
          amount,
          percentage,
        })),
    );

    const drift = (await api.call("GET", `/api/v1/programmatic/reports/category-drift?month=${month}`, { token })).body
      .data.attributes;
    expect(a.category_drift.compared_month).toBe(drift.compared_month);
    expect(a.category_drift.categories.map((row: { name: string }) => row.name)).toEqual(
      drift.categories.slice(0, 5).map((row: { name: string }) => row.name),
    );

    // A past month's budgets stand at its last day, as the budget list shows them for that day.
    const budgets = await api.call(
      "GET",
      `/api/v1/programmatic/budgets?active=true&period_date=${flows.window.as_of}`,
      {
        token: everything,
      },
    );
    expect(a.budgets.length).toBe(budgets.body.data.length);
    expect(a.budgets.length).toBeGreaterThan(0);
    for (const budget of budgets.body.data) {
      expect(a.budgets).toContainEqual(
        expect.objectContaining({
          id: budget.id,
          name: budget.attributes.name,
          spent: budget.attributes.current_period.spent,
          available: budget.attributes.current_period.available,
          status: budget.attributes.current_period.status,
          period_end: budget.attributes.current_period.period_end,
        }),
      );
    }
    const insights = await api.call("GET", `/api/v1/programmatic/insights?period=${month}`, { token: everything });
    expect(a.insights).toEqual(insights.body.insights);
    expect(a.omitted).toEqual([]);
  });

  it("leaves out the sections whose scope the token lacks, and says which scope would add them", async () => {
    const response = await overview("", token);
    expect(response.status).toBe(200);
    const a = response.body.data.attributes;
    expect(a.month).toBe(berlinMonth());
    expect(a.budgets).toBeNull();
    expect(a.insights).toBeNull();
    expect(a.omitted).toEqual([
      { section: "budgets", scope: "budgets:read" },
      { section: "insights", scope: "insights:read" },
    ]);
    // The running month is compared with the same days of the months before it.
    expect(a.cash_flow.month_to_date_comparison.months[0].month).toBe(berlinMonth());
    expect(response.body.data.window.partial_month).toBe(true);
  });

  it("refuses a bad month and parameters it does not take, and needs reports:read", async () => {
    for (const query of ["?month=2026-13", "?range=full", "?month=2026-10&period=6m"]) {
      const refused = await overview(query, token);
      expect(refused.status, query).toBe(400);
      expect(refused.body.code, query).toBe("VALIDATION_FAILED");
    }
    const outside = await overview("", otherScopesToken);
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe("INSUFFICIENT_SCOPE");
  });
});

describe("report errors", () => {
  it("rejects a month that does not exist, naming month", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/reports/category-drift?month=2026-13", { token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain("month");
  });

  it("rejects range and period that disagree, naming both", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/reports/category-heatmap?range=recent&period=12m", {
      token,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain("range");
    expect(response.body.message).toContain("period");
    const agreeing = await api.call("GET", "/api/v1/programmatic/reports/category-heatmap?range=full&period=12m", {
      token,
    });
    expect(agreeing.status).toBe(200);
  });

  it.each(REPORTS)("%s needs reports:read (403)", async (path) => {
    const response = await api.call("GET", `/api/v1/programmatic/reports/${path}`, { token: otherScopesToken });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("needs a token (401)", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/reports/cash-flow-summary");
    expect(response.status).toBe(401);
  });
});
