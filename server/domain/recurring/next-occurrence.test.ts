import { describe, expect, it } from "vitest";
import { nextOccurrence, type Schedule } from "./next-occurrence";

const rule = (overrides: Partial<Schedule>): Schedule => ({
  frequency: "monthly",
  customIntervalDays: null,
  startDate: "2024-01-31",
  endDate: null,
  status: "active",
  ...overrides,
});

describe("nextOccurrence", () => {
  it("clamps a monthly rule from Jan 31 to each month's end, counting from the start date", () => {
    const monthly = rule({ startDate: "2024-01-31" });
    expect(nextOccurrence(monthly, "2024-02-01")).toBe("2024-02-29");
    expect(nextOccurrence(monthly, "2024-03-01")).toBe("2024-03-31"); // back to the 31st, not the 29th
    expect(nextOccurrence(monthly, "2024-04-01")).toBe("2024-04-30");
    expect(nextOccurrence(monthly, "2025-02-10")).toBe("2025-02-28");
  });

  it("returns today when an occurrence falls on today", () => {
    expect(nextOccurrence(rule({ startDate: "2024-01-31" }), "2024-03-31")).toBe("2024-03-31");
  });

  it("moves a yearly rule from Feb 29 to Feb 28 in common years and back in leap years", () => {
    const yearly = rule({ frequency: "yearly", startDate: "2024-02-29" });
    expect(nextOccurrence(yearly, "2024-03-01")).toBe("2025-02-28");
    expect(nextOccurrence(yearly, "2027-03-01")).toBe("2028-02-29");
  });

  it("steps quarterly rules three calendar months at a time", () => {
    expect(nextOccurrence(rule({ frequency: "quarterly", startDate: "2024-11-30" }), "2024-12-01")).toBe("2025-02-28");
    expect(nextOccurrence(rule({ frequency: "quarterly", startDate: "2024-11-30" }), "2025-03-01")).toBe("2025-05-30");
  });

  it("steps daily, weekly and biweekly rules by 1, 7 and 14 days", () => {
    expect(nextOccurrence(rule({ frequency: "daily", startDate: "2024-01-01" }), "2024-03-05")).toBe("2024-03-05");
    expect(nextOccurrence(rule({ frequency: "weekly", startDate: "2024-01-01" }), "2024-01-09")).toBe("2024-01-15");
    // 2024-01-01 + 14 * 5 = 2024-03-11
    expect(nextOccurrence(rule({ frequency: "biweekly", startDate: "2024-01-01" }), "2024-02-27")).toBe("2024-03-11");
    expect(nextOccurrence(rule({ frequency: "biweekly", startDate: "2024-01-01" }), "2024-03-11")).toBe("2024-03-11");
  });

  it("steps custom rules by their interval, and gives null without one", () => {
    // 2024-01-10 + 45 = 2024-02-24, + 90 = 2024-04-09
    expect(
      nextOccurrence(rule({ frequency: "custom", customIntervalDays: 45, startDate: "2024-01-10" }), "2024-02-25"),
    ).toBe("2024-04-09");
    expect(
      nextOccurrence(rule({ frequency: "custom", customIntervalDays: null, startDate: "2024-01-10" }), "2024-02-25"),
    ).toBeNull();
  });

  it("gives null when the next occurrence is after the end date, and keeps one on the end date", () => {
    expect(nextOccurrence(rule({ startDate: "2024-01-15", endDate: "2024-05-20" }), "2024-05-16")).toBeNull();
    expect(nextOccurrence(rule({ startDate: "2024-01-15", endDate: "2024-05-15" }), "2024-05-15")).toBe("2024-05-15");
  });

  it("gives the start date when the rule starts in the future", () => {
    expect(nextOccurrence(rule({ startDate: "2030-06-30" }), "2024-05-16")).toBe("2030-06-30");
    expect(nextOccurrence(rule({ startDate: "2030-06-30", endDate: "2030-01-01" }), "2024-05-16")).toBeNull();
  });

  it("gives null for paused and ended rules", () => {
    expect(nextOccurrence(rule({ status: "paused" }), "2024-05-16")).toBeNull();
    expect(nextOccurrence(rule({ status: "ended" }), "2024-05-16")).toBeNull();
  });
});
