import { describe, expect, it } from "vitest";
import { cellText, joinText, tidyText } from "./row-text";

describe("tidyText", () => {
  it.each([
    ["REWE Markt GmbH", "REWE Markt GmbH"],
    ["  REWE  Markt\tGmbH ", "REWE Markt GmbH"],
    ["Miete\r\nJanuar", "Miete Januar"],
    ["Zahlung\u00a0\u00a0an Max", "Zahlung an Max"],
    ["Zahlung\u00a0an Max", "Zahlung an Max"],
    ["Café  Müller", "Café Müller"],
    ["Café Müller", "Café Müller"],
    ["a\u2003b", "a b"],
    ["'Quoted text'", "Quoted text"],
    ["\u3000東京\u3000\u3000ストア", "東京 ストア"],
    ["", ""],
  ])("%j reads %j", (raw, expected) => {
    expect(tidyText(raw)).toBe(expected);
  });

  it("collapses whitespace exactly as the pattern /\\s{2,}|[^\\S ]/ says, for every mix of characters", () => {
    const pieces = ["a", " ", "  ", "\t", "\n", "\u00a0", "\u2009", "é", "\u007f", "x y", "\u3000"];
    for (const first of pieces)
      for (const second of pieces)
        for (const third of pieces) {
          const raw = `${first}${second}${third}`;
          expect(tidyText(raw), JSON.stringify(raw)).toBe(raw.replace(/\s{2,}|[^\S ]/g, " ").trim());
        }
  });
});

describe("joinText", () => {
  it("reads one column as that cell's text, and several without placeholders or repeats", () => {
    expect(joinText(["  REWE  SAGT DANKE "])).toBe("REWE SAGT DANKE");
    expect(joinText(["/"])).toBe("");
    expect(cellText("—")).toBe("");
    // Kiwibank ends its texts with " ;": a separator; a semicolon inside a word's text stays.
    expect(cellText("AUTHORISED OVERDRAFT FEE ;")).toBe("AUTHORISED OVERDRAFT FEE");
    expect(cellText("POS W/D FIX COURTENAY-12:27 ;")).toBe("POS W/D FIX COURTENAY-12:27");
    expect(cellText("Miete; Nebenkosten")).toBe("Miete; Nebenkosten");
    expect(cellText("Ref 12;")).toBe("Ref 12;");
    expect(joinText(["Debit eBill: Test Utility Company", "Test Utility Company", "-", "Ref 42"])).toBe(
      "Debit eBill: Test Utility Company Ref 42",
    );
  });
});
