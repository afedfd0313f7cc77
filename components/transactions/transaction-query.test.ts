import { describe, expect, it } from "vitest";
import { parseLocaleAmount } from "../locale/parse-amount";
import { pageWithin, searchParam } from "./transaction-query";

describe("pageWithin", () => {
  it("keeps a page that still has rows", () => {
    expect(pageWithin(1, 0, 50)).toBe(1);
    expect(pageWithin(2, 60, 50)).toBe(2);
    expect(pageWithin(2, 51, 50)).toBe(2);
  });

  it("goes back to the last page when the rows of a later page went", () => {
    // 60 rows, page 2 held 10 and all 10 were categorised out of the view or deleted.
    expect(pageWithin(2, 50, 50)).toBe(1);
    expect(pageWithin(5, 120, 50)).toBe(3);
    expect(pageWithin(3, 100, 50)).toBe(2);
  });

  it("goes to page 1 when nothing is left", () => {
    expect(pageWithin(4, 0, 50)).toBe(1);
  });
});

describe("searchParam", () => {
  const inLocale = (locale: string) => (text: string) => searchParam(text, (typed) => parseLocaleAmount(typed, locale));

  it("sends an amount written the locale's way as the canonical decimal", () => {
    const german = inLocale("de-DE");
    expect(german("1.234,56")).toBe("1234.56");
    expect(german("1.234")).toBe("1234");
    expect(german("12,50")).toBe("12.50");
    expect(german(" -12,50 ")).toBe("-12.50");
    expect(inLocale("en-GB")("1,234.56")).toBe("1234.56");
    expect(inLocale("en-GB")("12.50")).toBe("12.50");
    expect(inLocale("fr-FR")("1\u202f234,56")).toBe("1234.56");
  });

  it("sends other text as typed, trimmed", () => {
    const german = inLocale("de-DE");
    expect(german("  REWE Markt ")).toBe("REWE Markt");
    expect(german("Rechnung 1.234")).toBe("Rechnung 1.234");
    // Plain digits mean the same in every locale; "007" stays "007" for descriptions that hold it.
    expect(german("007")).toBe("007");
    expect(german("2024")).toBe("2024");
    // Unclear in French (grouping or decimals): left to the server's own reading.
    expect(inLocale("fr-FR")("1.234")).toBe("1.234");
  });

  it("is no search for empty text", () => {
    expect(inLocale("de-DE")("")).toBeUndefined();
    expect(inLocale("de-DE")("   ")).toBeUndefined();
  });
});
