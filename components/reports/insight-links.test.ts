import { describe, expect, it } from "vitest";
import { insightTransactionsHref } from "./insight-links";
import type { Insight } from "./report-types";

const insight = (type: string, id: string, payload: Record<string, unknown>) =>
  ({ type, id, payload }) as unknown as Insight;
const CATEGORY = "5b0e8a52-3f4e-4b0a-9d4c-2a1f3c4d5e6f";

describe("the transactions behind an insight", () => {
  it("filters the transactions page as the insight was found", () => {
    expect(
      insightTransactionsHref(
        insight("anomaly", `anomaly:2026-02:${CATEGORY}`, { category_id: CATEGORY, date: "2026-02-14" }),
      ),
    ).toBe(`/transactions?category=${CATEGORY}&from=2026-02-14&to=2026-02-14`);
    // The month's last day, February of a common year included.
    expect(
      insightTransactionsHref(
        insight("spending_spike", `spending_spike:2026-02:${CATEGORY}`, { category_id: CATEGORY }),
      ),
    ).toBe(`/transactions?category=${CATEGORY}&from=2026-02-01&to=2026-02-28`);
    expect(
      insightTransactionsHref(insight("spending_spike", "spending_spike:2028-02:none", { category_id: null })),
    ).toBe("/transactions?category=uncategorised&from=2028-02-01&to=2028-02-29");
    expect(
      insightTransactionsHref(insight("uncategorized_backlog", "uncategorized_backlog:2026-11", { count: 4 })),
    ).toBe("/transactions?category=uncategorised&from=2026-11-01&to=2026-11-30");
    expect(insightTransactionsHref(insight("income_drop", "income_drop:2026-12", {}))).toBe(
      "/transactions?type=income&from=2026-12-01&to=2026-12-31",
    );
  });

  it("leaves the plans' insights to their own pages", () => {
    expect(insightTransactionsHref(insight("budget_overspend", "budget_overspend:2026-11:x", {}))).toBeNull();
    expect(insightTransactionsHref(insight("upcoming_bill", "upcoming_bill:2026-11:x", {}))).toBeNull();
  });
});
