import { describe, expect, it } from "vitest";
import { addRate } from "../../testing/fixtures";
import { getBudget } from "./read-budgets";
import { AUCKLAND_MARCH_16, useBudgetsWorkspace } from "./read-budgets-testing";

const { db, ids, context } = useBudgetsWorkspace();

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
    await addRate(db, "USD", "EUR", "2025-03-24", "0.8");
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
