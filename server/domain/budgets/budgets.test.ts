import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { getBudget, listBudgets } from "./read-budgets";
import { AUCKLAND_APRIL_1, useBudgetsWorkspace } from "./read-budgets-testing";

const { ids, context } = useBudgetsWorkspace();

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
    expect(attributes.created_by).toMatchObject({ id: ids.owner, name: "Budget Owner" });
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
