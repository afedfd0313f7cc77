import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { clearReportCache } from "./cache";
import { categoryHeatmap } from "./category-heatmap";
import { createReportWorkspace, type ReportWorkspace } from "./testing";
import { currentMonth, monthsFrom, rangeConflicts, requestedRange, resolveWindow, shiftMonth } from "./window";

const db = useTestDatabase();
let longHistory: ReportWorkspace;
let account: string;

beforeAll(async () => {
  // Spending from January 2024 to February 2026: 26 months, more than the free plan's 12.
  longHistory = await createReportWorkspace(db, { timezone: "UTC" });
  [account] = (await longHistory.wallet("Checking", ["EUR"])) as [string];
  for (const month of monthsFrom("2024-01", "2026-02")) {
    await longHistory.transaction({ accountId: account, date: `${month}-15`, amount: "-10", description: "Bakery" });
  }
});

describe("range and period", () => {
  it("reads period as the deprecated alias of range and flags disagreements", () => {
    expect(requestedRange(undefined, undefined)).toBe("recent");
    expect(requestedRange(undefined, "6m")).toBe("recent");
    expect(requestedRange(undefined, "12m")).toBe("full");
    expect(requestedRange("full", "12m")).toBe("full");
    expect(rangeConflicts("recent", "12m")).toBe(true);
    expect(rangeConflicts("full", "6m")).toBe(true);
    expect(rangeConflicts("recent", "6m")).toBe(false);
    expect(rangeConflicts(undefined, "12m")).toBe(false);
  });

  it("gives period=6m the same report as range=recent", async () => {
    const context = { db, workspace: longHistory.workspace };
    const viaPeriod = await categoryHeatmap(context, { month: "2026-02", range: requestedRange(undefined, "6m") });
    clearReportCache();
    const viaRange = await categoryHeatmap(context, { month: "2026-02", range: "recent" });
    expect(viaPeriod).toEqual(viaRange);
    expect(viaRange.attributes.months).toEqual(monthsFrom("2025-09", "2026-02"));
  });
});

describe("the current month", () => {
  it("is read in the workspace timezone", async () => {
    // 03:00 UTC on 1 March is still 28 February, 22:00 in New York.
    const now = new Date("2026-03-01T03:00:00Z");
    const newYork = await createReportWorkspace(db, { timezone: "America/New_York" });
    expect(currentMonth({ workspace: newYork.workspace, now })).toBe("2026-02");
    expect(currentMonth({ workspace: longHistory.workspace, now })).toBe("2026-03");
    const report = await categoryHeatmap({ db, workspace: newYork.workspace, now }, { range: "recent" });
    expect(report.id).toBe("category_heatmap:2026-02:recent");
    expect(report.attributes.analysis_period_end).toBe("2026-02-28");
  });
});

describe("full range and plans", () => {
  it("clamps to the plan's window and says so when months with data fall out", async () => {
    const now = new Date("2026-06-10T12:00:00Z"); // February has ended
    const window = await resolveWindow(
      { db, workspace: longHistory.workspace, now },
      { month: "2026-02", range: "full" },
    );
    expect(window.view).toEqual({
      applied_months: 12,
      earliest_visible_date: "2025-03-01",
      plan: "free",
      requested_range: "full",
      truncated_by_plan: true,
      partial_month: false,
      as_of: "2026-02-28",
    });
    expect(window.months[0]).toBe("2025-03");
  });

  it("starts at the first month with data when the plan allows it", async () => {
    const pro = { ...longHistory.workspace, plan: "pro" as const };
    const window = await resolveWindow({ db, workspace: pro }, { month: "2026-02", range: "full" });
    expect(window.view).toMatchObject({
      applied_months: 26,
      earliest_visible_date: "2024-01-01",
      plan: "pro",
      truncated_by_plan: false,
    });
    // 12 months ending December 2024 hold exactly the data from January 2024: nothing cut off.
    const fits = await resolveWindow({ db, workspace: longHistory.workspace }, { month: "2024-12", range: "full" });
    expect(fits.view).toMatchObject({
      applied_months: 12,
      earliest_visible_date: "2024-01-01",
      truncated_by_plan: false,
    });
  });

  it("is the report month alone before any data", async () => {
    const window = await resolveWindow({ db, workspace: longHistory.workspace }, { month: "2023-05", range: "full" });
    expect(window.view).toMatchObject({
      applied_months: 1,
      earliest_visible_date: "2023-05-01",
      truncated_by_plan: false,
    });
  });

  it("counts months across years", () => {
    expect(shiftMonth("2026-02", -5)).toBe("2025-09");
    expect(monthsFrom("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("the cache", () => {
  it("serves the same result until the workspace's transactions change", async () => {
    const context = { db, workspace: longHistory.workspace };
    const request = { month: "2026-02", range: "recent" as const };
    const first = await categoryHeatmap(context, request);
    expect(await categoryHeatmap(context, request)).toBe(first);
    await longHistory.transaction({ accountId: account, date: "2026-02-20", amount: "-5", description: "Bakery" });
    const after = await categoryHeatmap(context, request);
    expect(after).not.toBe(first);
    expect(after.attributes.cells.at(-1)).toEqual(["15.00"]);
  });
});
