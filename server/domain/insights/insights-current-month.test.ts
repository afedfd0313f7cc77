import { describe, expect, it } from "vitest";
import { byId, useInsightsWorkspace } from "./testing";

const { ids, list } = useInsightsWorkspace();

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
