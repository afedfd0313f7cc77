import { describe, expect, it } from "vitest";
import { dateEntryPattern, datePlaceholder, readDateEntry, writeDateEntry } from "./date-entry";

const de = dateEntryPattern("de-DE");
const us = dateEntryPattern("en-US");
const gb = dateEntryPattern("en-GB");
const sv = dateEntryPattern("sv-SE");

describe("a day typed in the user's locale", () => {
  it("follows each locale's order and separator", () => {
    expect(de).toEqual({ order: ["day", "month", "year"], separator: "." });
    expect(us).toEqual({ order: ["month", "day", "year"], separator: "/" });
    expect(gb).toEqual({ order: ["day", "month", "year"], separator: "/" });
    expect(sv).toEqual({ order: ["year", "month", "day"], separator: "-" });
    expect(datePlaceholder(de, { day: "TT", month: "MM", year: "JJJJ" })).toBe("TT.MM.JJJJ");
    expect(datePlaceholder(us, { day: "DD", month: "MM", year: "YYYY" })).toBe("MM/DD/YYYY");
  });

  it("writes the API's day the locale's way", () => {
    expect(writeDateEntry("2026-03-07", de)).toBe("07.03.2026");
    expect(writeDateEntry("2026-03-07", us)).toBe("03/07/2026");
    expect(writeDateEntry("2026-03-07", sv)).toBe("2026-03-07");
    expect(writeDateEntry("", de)).toBe("");
  });

  it("reads what people type, in their order, with short forms", () => {
    expect(readDateEntry("23.11.2026", de)).toBe("2026-11-23");
    expect(readDateEntry("1.2.26", de)).toBe("2026-02-01");
    expect(readDateEntry("11/23/2026", us)).toBe("2026-11-23");
    expect(readDateEntry("23/11/2026", gb)).toBe("2026-11-23");
    expect(readDateEntry(" 23 - 11 - 2026 ", gb)).toBe("2026-11-23");
    // The ISO form is read in every locale (pasted, or filled in by a script).
    expect(readDateEntry("2026-11-23", de)).toBe("2026-11-23");
    expect(readDateEntry("2026-11-23", us)).toBe("2026-11-23");
  });

  it("refuses what names no real day", () => {
    expect(readDateEntry("23/11/2026", us)).toBeNull();
    expect(readDateEntry("31.02.2026", de)).toBeNull();
    expect(readDateEntry("29.02.2025", de)).toBeNull();
    expect(readDateEntry("29.02.2028", de)).toBe("2028-02-29");
    expect(readDateEntry("tomorrow", gb)).toBeNull();
    expect(readDateEntry("1.2", de)).toBeNull();
    expect(readDateEntry("1.2.202", de)).toBeNull();
    expect(readDateEntry("", de)).toBeNull();
  });
});
