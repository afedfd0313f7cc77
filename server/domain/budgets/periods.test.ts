import { describe, expect, it } from "vitest";
import { daysElapsed } from "./budget-status";
import { periodContaining, periodsThrough } from "./periods";

describe("budget periods", () => {
  it("steps monthly periods from the start date's day, clamped to shorter months", () => {
    expect(periodContaining("2025-01-31", "monthly", "2025-02-15")).toEqual({
      index: 0,
      start: "2025-01-31",
      end: "2025-02-27",
    });
    expect(periodContaining("2025-01-31", "monthly", "2025-02-28")).toEqual({
      index: 1,
      start: "2025-02-28",
      end: "2025-03-30",
    });
    expect(periodContaining("2025-01-31", "monthly", "2025-03-31")).toEqual({
      index: 2,
      start: "2025-03-31",
      end: "2025-04-29",
    });
  });

  it("gives calendar months for a budget starting on the 1st", () => {
    expect(periodContaining("2025-01-01", "monthly", "2025-02-28")).toEqual({
      index: 1,
      start: "2025-02-01",
      end: "2025-02-28",
    });
  });

  it("steps quarterly and yearly periods by 3 and 12 months", () => {
    expect(periodContaining("2024-11-15", "quarterly", "2025-02-14")).toEqual({
      index: 0,
      start: "2024-11-15",
      end: "2025-02-14",
    });
    expect(periodContaining("2024-11-15", "quarterly", "2025-02-15")).toEqual({
      index: 1,
      start: "2025-02-15",
      end: "2025-05-14",
    });
    expect(periodContaining("2024-02-29", "yearly", "2025-03-01")).toEqual({
      index: 1,
      start: "2025-02-28",
      end: "2026-02-27",
    });
  });

  it("steps weekly periods by 7 days", () => {
    expect(periodContaining("2025-03-03", "weekly", "2025-03-16")).toEqual({
      index: 1,
      start: "2025-03-10",
      end: "2025-03-16",
    });
    expect(periodContaining("2025-03-03", "weekly", "2025-03-17")).toEqual({
      index: 2,
      start: "2025-03-17",
      end: "2025-03-23",
    });
  });

  it("gives the first period for a day before the start date", () => {
    expect(periodContaining("2025-03-03", "monthly", "2020-01-01")).toEqual({
      index: 0,
      start: "2025-03-03",
      end: "2025-04-02",
    });
  });

  it("lists every period through the selected one, oldest first", () => {
    const last = periodContaining("2025-01-01", "monthly", "2025-03-10");
    expect(periodsThrough("2025-01-01", "monthly", last).map((period) => period.start)).toEqual([
      "2025-01-01",
      "2025-02-01",
      "2025-03-01",
    ]);
  });

  it("counts elapsed days inclusively, 0 before the period and all of them after it", () => {
    const march = { index: 2, start: "2025-03-01", end: "2025-03-31" };
    expect(daysElapsed(march, "2025-03-01")).toBe(1);
    expect(daysElapsed(march, "2025-03-16")).toBe(16);
    expect(daysElapsed(march, "2025-02-28")).toBe(0);
    expect(daysElapsed(march, "2025-06-01")).toBe(31);
  });
});
