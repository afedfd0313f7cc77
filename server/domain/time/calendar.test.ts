import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dateToDay,
  dayOfWeek,
  daysBetween,
  dayToDate,
  endOfMonth,
  isValidDay,
  isValidTimeZone,
  monthOf,
  startOfMonth,
  todayIn,
} from "./calendar";

describe("todayIn", () => {
  it("gives the next day in Berlin shortly before midnight UTC", () => {
    const now = new Date("2026-01-31T23:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-01-31");
    expect(todayIn("Europe/Berlin", now)).toBe("2026-02-01");
  });

  it("turns the day at midnight to the millisecond, read again within one second or across it", () => {
    // Kolkata is UTC+05:30: midnight there is 18:30 UTC; Kathmandu (UTC+05:45) turns at 18:15 UTC.
    const reads: Array<[string, string, string]> = [
      ["Asia/Kolkata", "2026-05-10T18:29:59.000Z", "2026-05-10"],
      ["Asia/Kolkata", "2026-05-10T18:29:59.999Z", "2026-05-10"],
      ["Asia/Kolkata", "2026-05-10T18:30:00.000Z", "2026-05-11"],
      ["Asia/Kolkata", "2026-05-10T18:30:00.001Z", "2026-05-11"],
      ["Asia/Kathmandu", "2026-05-10T18:14:59.999Z", "2026-05-10"],
      ["Asia/Kathmandu", "2026-05-10T18:15:00.000Z", "2026-05-11"],
      ["Asia/Kolkata", "2026-05-10T18:29:59.999Z", "2026-05-10"],
    ];
    for (const [zone, instant, day] of reads)
      expect(todayIn(zone, new Date(instant)), `${zone} at ${instant}`).toBe(day);
  });

  it("gives the previous day west of UTC", () => {
    expect(todayIn("America/Los_Angeles", new Date("2026-03-01T05:00:00Z"))).toBe("2026-02-28");
  });

  it("follows daylight saving time", () => {
    // 22:30 UTC is 00:30 the next day in Berlin in summer (UTC+2), still 23:30 in winter (UTC+1).
    expect(todayIn("Europe/Berlin", new Date("2026-07-10T22:30:00Z"))).toBe("2026-07-11");
    expect(todayIn("Europe/Berlin", new Date("2026-01-10T22:30:00Z"))).toBe("2026-01-10");
  });
});

describe("addMonths", () => {
  it("clamps to the end of a shorter month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-05-31", 1)).toBe("2026-06-30");
  });

  it("crosses year boundaries both ways", () => {
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonths("2026-01-15", -23)).toBe("2024-02-15");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
  });
});

describe("addDays and daysBetween", () => {
  it("walks over month ends and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts whole days regardless of daylight saving changes", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(daysBetween("2025-01-01", "2024-01-01")).toBe(-366);
  });
});

describe("months", () => {
  it("finds month boundaries including February in leap years", () => {
    expect(monthOf("2026-11-21")).toBe("2026-11");
    expect(startOfMonth("2026-11-21")).toBe("2026-11-01");
    expect(startOfMonth("2026-11")).toBe("2026-11-01");
    expect(endOfMonth("2024-02")).toBe("2024-02-29");
    expect(endOfMonth("2100-02")).toBe("2100-02-28");
    expect(endOfMonth("2000-02-10")).toBe("2000-02-29");
    expect(endOfMonth("2026-04")).toBe("2026-04-30");
  });

  it("rejects impossible days and months", () => {
    expect(isValidDay("2026-02-29")).toBe(false);
    expect(isValidDay("2024-02-29")).toBe(true);
    expect(() => addDays("2026-13-01", 1)).toThrow(RangeError);
    expect(() => endOfMonth("2026-00")).toThrow(RangeError);
  });
});

describe("dayOfWeek", () => {
  it("numbers Sunday as 0", () => {
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(dayOfWeek("2026-11-21")).toBe(6);
    expect(dayOfWeek("1970-01-01")).toBe(4);
    expect(dayOfWeek("1969-12-31")).toBe(3);
  });
});

describe("Date conversion for @db.Date columns", () => {
  it("maps a day to UTC midnight and back", () => {
    expect(dayToDate("2026-02-01").toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(dateToDay(new Date("2026-02-01T00:00:00Z"))).toBe("2026-02-01");
    expect(dateToDay(dayToDate("2024-02-29"))).toBe("2024-02-29");
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names and rejects others", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});
