import { describe, expect, it } from "vitest";
import { detectDayMonthOrder, looksLikeDate, parseDate } from "./dates";
import { decideDateOrder } from "./formats";

describe("parseDate", () => {
  it.each([
    ["31.01.2024", "dmy", "2024-01-31"],
    ["31.01.24", "dmy", "2024-01-31"],
    ["31/01/24", "dmy", "2024-01-31"],
    ["31/01/2024", "dmy", "2024-01-31"],
    ["01/31/2024", "mdy", "2024-01-31"],
    ["1/31/24", "mdy", "2024-01-31"],
    ["2/8/15", "mdy", "2015-02-08"],
    ["31-01-2024", "dmy", "2024-01-31"],
    ["2024-01-31", "dmy", "2024-01-31"],
    ["2024/1/31", "mdy", "2024-01-31"],
    ["2019.04.19.", "dmy", "2019-04-19"],
    ["20240131", "mdy", "2024-01-31"],
    ["2024-01-31T10:00:00+02:00", "dmy", "2024-01-31"],
    ["2024-01-31T23:30:00Z", "dmy", "2024-01-31"],
    ["2018-02-25 12:34:56 +0000", "dmy", "2018-02-25"],
    ["31.01.2024 10:15", "dmy", "2024-01-31"],
    ["04/17/2023 as of 04/15/2023", "mdy", "2023-04-17"],
    ["27 Feb 2018", "dmy", "2018-02-27"],
    ["10 Feb 18", "mdy", "2018-02-10"],
    ["12-Dec-2019", "dmy", "2019-12-12"],
    ["3. Mär 2024", "dmy", "2024-03-03"],
    ["Feb 27, 2018", "dmy", "2018-02-27"],
    ["29.02.2024", "dmy", "2024-02-29"],
    ["30 Jun 2023", "dmy", "2023-06-30"],
    ["04/17/2023", "mdy", "2023-04-17"],
    ["2016-10-20 14:58:48", "dmy", "2016-10-20"],
    ["24 lug 2024", "dmy", "2024-07-24"],
    ["24 lug 2024. 02:59:45", "dmy", "2024-07-24"],
    ["10-Nov-9", "dmy", "2009-11-10"],
    // No separators: HSBC India's "24Jan2025".
    ["24Jan2025", "dmy", "2025-01-24"],
    ["5MAR24", "mdy", "2024-03-05"],
    ["20091224120000[0:GMT]", "mdy", "2009-12-24"],
    ["20091224120000", "dmy", "2009-12-24"],
    ["20240131093000.000[-5:EST]", "dmy", "2024-01-31"],
    ["2012:03:01", "mdy", "2012-03-01"],
    ["2012:03:07 10:15", "dmy", "2012-03-07"],
    ["3 października 2024", "dmy", "2024-10-03"],
    ["3 pazdziernika 2024", "dmy", "2024-10-03"],
    ["24. října 2024", "dmy", "2024-10-24"],
    ["12 dez 2024", "dmy", "2024-12-12"],
    ["1 maj 2024", "dmy", "2024-05-01"],
    ["15 mars 2024", "dmy", "2024-03-15"],
    ["7 fevereiro 2024", "dmy", "2024-02-07"],
    ["9 huhtikuuta 2024", "dmy", "2024-04-09"],
    ["2 okt. 2024", "dmy", "2024-10-02"],
  ])("reads %s (%s) as %s", (raw, order, expected) => {
    expect(parseDate(raw, order as "dmy" | "mdy")).toBe(expected);
  });

  it.each([
    "Pending",
    "",
    "29.02.2023",
    "2024-13-01",
    "32.01.2024",
    "13/13/2024",
    "Transactions Total",
    "20241301",
    "200912241200",
    "Balance at start of period",
    // Figures and words that name no month, without separators.
    "2tickets2024",
    "12abc2024",
  ])("refuses %s", (raw) => {
    expect(parseDate(raw, "dmy")).toBeNull();
  });

  it("tells date-shaped text from other text", () => {
    expect(looksLikeDate("32.01.2024")).toBe(true);
    expect(looksLikeDate("29.02.2023")).toBe(true);
    expect(looksLikeDate("Balance at start of period")).toBe(false);
    expect(looksLikeDate("2024-13-45")).toBe(true);
    expect(looksLikeDate("Pending")).toBe(false);
    expect(looksLikeDate("2012:03:01")).toBe(true);
    expect(looksLikeDate("12:30:00")).toBe(false);
    expect(looksLikeDate("Date downloaded 01/24/2023")).toBe(false);
  });
});

describe("detectDayMonthOrder", () => {
  it("lets one day above 12 decide for the whole column", () => {
    expect(detectDayMonthOrder(["01/02/2019", "03/04/2019", "13/04/2019"], "mdy")).toMatchObject({
      order: "dmy",
      decidedBy: "values",
    });
    expect(detectDayMonthOrder(["01/02/2019", "12/15/2018"], "dmy")).toMatchObject({
      order: "mdy",
      decidedBy: "values",
    });
  });

  it("falls back when every value reads both ways", () => {
    expect(detectDayMonthOrder(["01/02/2019", "03/04/2019"], "dmy")).toMatchObject({
      order: "dmy",
      decidedBy: "fallback",
    });
    expect(detectDayMonthOrder(["2019-01-02"], "mdy")).toMatchObject({ decidedBy: "unambiguous" });
  });

  it("reads days that fit both orders as the order whose consecutive rows lie closer together", () => {
    // Ten rows over three days, whichever language the bank's locale hints at.
    const days = ["05/03/2024", "05/03/2024", "06/03/2024", "06/03/2024", "07/03/2024"];
    expect(detectDayMonthOrder(days, "mdy")).toMatchObject({ order: "dmy", decidedBy: "sequence" });
    const usDays = ["03/05/2024", "03/06/2024", "03/06/2024", "03/07/2024"];
    expect(detectDayMonthOrder(usDays, "dmy")).toMatchObject({ order: "mdy", decidedBy: "sequence" });
    // Newest first is as close as oldest first.
    expect(detectDayMonthOrder([...days].reverse(), "mdy")).toMatchObject({ order: "dmy", decidedBy: "sequence" });
  });

  it("reports columns whose values contradict each other", () => {
    expect(detectDayMonthOrder(["13/01/2019", "01/13/2019"], "dmy").conflicting).toBe(true);
  });
});

describe("decideDateOrder", () => {
  const hints = {
    delimiter: "," as const,
    decimalSeparator: null,
    currencyCode: null,
    profileOrder: null,
    profileName: null,
  };

  it("prefers the profile's order and says so", () => {
    const result = decideDateOrder(["10/02/2018"], { ...hints, profileOrder: "dmy", profileName: "first direct" });
    expect(result.order).toBe("dmy");
    expect(result.warning).toContain("first direct");
  });

  it("reads the locale from decimal commas, semicolons and the currency", () => {
    expect(decideDateOrder(["01/04/20"], { ...hints, decimalSeparator: "," }).order).toBe("dmy");
    expect(decideDateOrder(["01/04/20"], { ...hints, delimiter: ";" }).order).toBe("dmy");
    expect(decideDateOrder(["01/04/20"], { ...hints, currencyCode: "USD" }).order).toBe("mdy");
    expect(decideDateOrder(["01/04/20"], { ...hints, currencyCode: "GBP" }).order).toBe("dmy");
    const us = decideDateOrder(["01/04/20"], hints);
    expect(us.order).toBe("mdy");
    expect(us.warning).toContain("01/04/20");
  });

  it("needs no warning when the values decide", () => {
    expect(decideDateOrder(["01/04/2020", "25/04/2020"], hints)).toEqual({ order: "dmy", warning: null });
  });
});

describe("detectDayMonthOrder on two days", () => {
  it("leaves them to the fallback: two days say nothing of how close a statement's days lie (Mint's 8/02 and 6/02)", () => {
    expect(detectDayMonthOrder(["8/02/2016", "6/02/2016"], "mdy")).toMatchObject({
      order: "mdy",
      decidedBy: "fallback",
    });
    expect(detectDayMonthOrder(["8/02/2016", "6/02/2016"], "dmy")).toMatchObject({
      order: "dmy",
      decidedBy: "fallback",
    });
  });
});
