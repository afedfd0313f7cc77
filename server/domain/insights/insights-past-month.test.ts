import { describe, expect, it } from "vitest";
import { byId, NOW, useInsightsWorkspace } from "./testing";

const { ids, list } = useInsightsWorkspace();

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
        merchant: "REWE Markt",
        date: "2025-05-12",
        amount: "170.00",
        median_amount: "52.50",
        multiple: "3.24",
        history_count: 6,
        currency_code: "EUR",
      },
    });
    // Without a counterparty the description names who was paid.
    expect(insights.get(`anomaly:2025-05:${ids.txUsd}`)!.payload).toMatchObject({
      merchant: "test -200.00",
      amount: "180.00",
      multiple: "3.43",
    });
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
        // 170.00 + 150.00 at "REWE Markt" and "rewe markt" (one merchant) against 180.00 elsewhere; the 500 USD has no rate.
        top_merchant: "REWE Markt",
        top_merchant_amount: "320.00",
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
      top_merchant: "test -400.00",
      top_merchant_amount: "400.00",
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
    expect((await list("2025-05", [ids.foreignAccount!])).map((insight) => insight.type)).toEqual(["budget_overspend"]);
  });
});
