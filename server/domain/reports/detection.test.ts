import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { Decimal } from "../money/money";
import { detectSeries, type Occurrence } from "./cadence";
import { recurringDetection } from "./recurring-detection";
import { buildStandardWorkspace, MID_FEBRUARY } from "./testing";
import { uncategorizedClusters } from "./uncategorized-clusters";
import type { WorkspaceContext } from "../workspace-context";

const db = useTestDatabase();
let fixture: Awaited<ReturnType<typeof buildStandardWorkspace>>;
let context: WorkspaceContext;

beforeAll(async () => {
  fixture = await buildStandardWorkspace(db);
  context = { db, workspace: fixture.ws.workspace, now: MID_FEBRUARY };
});

describe("uncategorised clusters", () => {
  it("groups uncategorised income and expenses by description pattern over the plan's full window", async () => {
    const report = await uncategorizedClusters(context);
    expect(report.id).toBe("uncategorized_clusters:2026-02:full");
    // Data starts in September 2025: 6 months, within the free plan's 12.
    expect(report.window).toMatchObject({
      applied_months: 6,
      earliest_visible_date: "2025-09-01",
      requested_range: "full",
      truncated_by_plan: false,
    });
    const a = report.attributes;
    expect(a).toMatchObject({
      analysis_period_months: 6,
      total_uncategorized_count: 5,
      fx_partial: true,
      missing_fx_count: 1,
    });
    expect(a.clusters.map((cluster) => [cluster.description_pattern, cluster.count])).toEqual([
      ["coffee shop", 4],
      ["ebay sale", 1],
    ]);
    const coffee = a.clusters[0]!;
    // EUR 4.50 + 5.50 + 3.00 converted; the USD 50 has no rate: total -13.00 over 3 converted rows.
    expect(coffee).toMatchObject({
      total_amount: "-13.00",
      avg_amount: "-4.33",
      last_date: "2026-02-14",
      fx_partial: true,
      missing_fx_count: 1,
    });
    expect(coffee.sample_transaction_ids).toEqual([...fixture.ids.coffee].reverse());
    expect(
      coffee.total_amount_agg.per_currency.map((entry) => [entry.currency_code, entry.amount, entry.count]),
    ).toEqual([
      ["EUR", "-13.00", 3],
      ["USD", "-50.00", 1],
    ]);
    expect(a.clusters[1]).toMatchObject({
      total_amount: "200.00",
      avg_amount: "200.00",
      sample_transaction_ids: [fixture.ids.sale],
    });
  });
});

describe("recurring detection", () => {
  it("finds the monthly subscription no rule tracks, and leaves rent (rule by name) and salary (booked by a rule) out", async () => {
    const report = await recurringDetection(context);
    expect(report.id).toBe("recurring_detection:2026-02:full");
    const a = report.attributes;
    expect(a.analysis_period_months).toBe(6);
    // Groceries recur monthly but on irregular days; coffee amounts differ by more than 10%.
    expect(a.detected).toEqual([
      {
        description_pattern: "streamflix com",
        suggested_name: "Streamflix Com",
        avg_amount: "-13.99",
        frequency: "monthly",
        count: 4,
        last_date: "2026-02-11",
        amount_variance: "0.0000",
        suggested_action: "create_subscription",
      },
    ]);
    expect(a.total_estimated_monthly_agg.home_converted.amount).toBe("13.99");
    expect(a.total_estimated_monthly_agg.per_currency).toEqual([
      expect.objectContaining({ currency_code: "EUR", amount: "13.99", count: 1 }),
    ]);
    expect([a.fx_partial, a.missing_fx_count]).toEqual([true, 1]);
  });

  it("finds a weekly series among other amounts of the same pattern, and skips everyday spending", async () => {
    const { ws, ids, categories } = fixture;
    // Yoga every Monday for six weeks, and three workshops booked under the same description
    // pattern: nine transactions in 35 days, more than a weekly series can have, but the six
    // classes are the series.
    for (const day of ["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02", "2026-02-09"]) {
      await ws.transaction({
        accountId: ids.checking,
        date: day,
        amount: "-12.00",
        description: `Yoga Loft ${day}`,
        categoryId: categories.fun,
      });
    }
    for (const day of ["2026-01-10", "2026-01-24", "2026-02-07"]) {
      await ws.transaction({
        accountId: ids.checking,
        date: day,
        amount: "-45.00",
        description: `YOGA-LOFT ${day}`,
        categoryId: categories.fun,
      });
    }
    // A roll at the bakery every other day, always the same price: denser than any cadence.
    for (let day = 1; day <= 28; day += 2) {
      const date = `2026-01-${String(day).padStart(2, "0")}`;
      await ws.transaction({
        accountId: ids.checking,
        date,
        amount: "-0.80",
        description: "Baeckerei Roll",
        categoryId: categories.groceries,
      });
    }
    const detected = (await recurringDetection(context)).attributes.detected;
    // Largest monthly estimate first: 12.00 x 52 / 12 = 52.00 before 13.99.
    expect(
      detected.map((item) => [item.description_pattern, item.frequency, item.count, item.avg_amount, item.last_date]),
    ).toEqual([
      ["yoga loft", "weekly", 6, "-12.00", "2026-02-09"],
      ["streamflix com", "monthly", 4, "-13.99", "2026-02-11"],
    ]);
  });
});

describe("cadence", () => {
  const occurrence = (date: string, amount: string): Occurrence => ({
    date,
    amount: new Decimal(amount),
    home: new Decimal(amount),
    rateDate: null,
    recurringRuleId: null,
  });

  it("recognises each cadence with its tolerance and minimum count", () => {
    const weekly = ["2026-01-01", "2026-01-08", "2026-01-16"].map((day) => occurrence(day, "-5"));
    expect(detectSeries(weekly)?.frequency).toBe("weekly");
    const biweekly = ["2026-01-01", "2026-01-15", "2026-01-31"].map((day) => occurrence(day, "-60"));
    expect(detectSeries(biweekly)?.frequency).toBe("biweekly");
    const quarterly = ["2025-01-16", "2025-04-16", "2025-07-16"].map((day) => occurrence(day, "-55.08"));
    expect(detectSeries(quarterly)?.frequency).toBe("quarterly");
    expect(detectSeries([occurrence("2024-03-10", "-324"), occurrence("2025-03-10", "-330")])?.frequency).toBe(
      "yearly",
    );
    // Two monthly occurrences are not enough; a gap outside every cadence breaks the series.
    expect(detectSeries([occurrence("2026-01-01", "-10"), occurrence("2026-02-01", "-10")])).toBeNull();
    expect(detectSeries(["2026-01-01", "2026-02-01", "2026-04-20"].map((day) => occurrence(day, "-10")))).toBeNull();
  });

  it("keeps only amounts within 10% of the median", () => {
    const days = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-03-15", "2026-04-01"];
    const amounts = ["-20.00", "-21.50", "-19.00", "-80.00", "-20.00"];
    const series = detectSeries(days.map((day, i) => occurrence(day, amounts[i]!)));
    expect(series?.frequency).toBe("monthly");
    expect(series?.members.map((member) => member.date)).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
    ]);
  });
});
