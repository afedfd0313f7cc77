import { describe, expect, it } from "vitest";
import { parseLocaleAmount, readAmountFields } from "./parse-amount";

const read = (text: string, locale: string) => {
  const reading = parseLocaleAmount(text, locale);
  return reading.ok ? reading.value : `refused: ${reading.message}`;
};

describe("parseLocaleAmount", () => {
  it("reads German amounts", () => {
    expect(read("1.234,56", "de-DE")).toBe("1234.56");
    expect(read("1234,56", "de-DE")).toBe("1234.56");
    expect(read("1.234", "de-DE")).toBe("1234");
    expect(read("1.234.567,8", "de-DE")).toBe("1234567.8");
    expect(read("-12,30", "de-DE")).toBe("-12.30");
    expect(read("\u22121.000,5", "de-DE")).toBe("-1000.5");
    expect(read(" 0,00 ", "de-DE")).toBe("0.00");
    // A point that cannot be grouping is the decimal point meant ("12.50" from a habit or a keypad).
    expect(read("12.50", "de-DE")).toBe("12.50");
  });

  it("reads English amounts", () => {
    for (const locale of ["en-US", "en-GB"]) {
      expect(read("1,234.56", locale)).toBe("1234.56");
      expect(read("1234.56", locale)).toBe("1234.56");
      expect(read("-1,234,567", locale)).toBe("-1234567");
      expect(read("+0.5", locale)).toBe("0.5");
      expect(read("12,5", locale)).toBe("12.5");
    }
  });

  it("reads French amounts grouped with any kind of space", () => {
    expect(read("1\u202f234,56", "fr-FR")).toBe("1234.56");
    expect(read("1\u00a0234,56", "fr-FR")).toBe("1234.56");
    expect(read("1 234 567,5", "fr-FR")).toBe("1234567.5");
    expect(read("-0,99", "fr-FR")).toBe("-0.99");
    expect(read("12.5", "fr-FR")).toBe("12.5");
  });

  it("reads amounts of currencies without or with three decimal places", () => {
    expect(read("1.500", "de-DE")).toBe("1500");
    expect(read("150000", "en-US")).toBe("150000");
    expect(read("1,234.567", "en-US")).toBe("1234.567");
    expect(read("1.234,567", "de-DE")).toBe("1234.567");
  });

  it("writes zero without a sign and drops leading zeros", () => {
    expect(read("-0,00", "de-DE")).toBe("0.00");
    expect(read("007", "en-GB")).toBe("7");
  });

  it("refuses text whose reading is unclear, with both readings", () => {
    expect(read("1.234", "fr-FR")).toBe("refused: “1.234” is unclear: write 1234 or 1,234.");
  });

  it("refuses malformed text, saying how the locale writes amounts", () => {
    expect(read("1,234.56", "de-DE")).toBe("refused: “1,234.56” is not an amount: write it like 1.234,56.");
    expect(read("1.234,56", "en-US")).toBe("refused: “1.234,56” is not an amount: write it like 1,234.56.");
    expect(read("12,3,4", "en-GB")).toMatch(/^refused: /);
    expect(read("1.23.456", "de-DE")).toMatch(/^refused: /);
    expect(read("12 EUR", "de-DE")).toMatch(/^refused: /);
    expect(read("€12", "en-GB")).toMatch(/^refused: /);
    expect(read("1 234,56", "de-DE")).toMatch(/^refused: /);
    expect(read("--5", "en-GB")).toMatch(/^refused: /);
    expect(read(",", "de-DE")).toMatch(/^refused: /);
    expect(read("", "de-DE")).toBe("refused: Enter an amount.");
  });
});

describe("readAmountFields", () => {
  it("reads the named fields, also inside lists, and reports what it cannot read by path", () => {
    const input = {
      amount: "1.234,56",
      received_amount: null,
      note: "1.234,56",
      accounts: [{ opening_balance: "12,5" }, { opening_balance: "1,2,3" }, { opening_balance: "" }],
    };
    const { value, problems } = readAmountFields(
      input,
      ["amount", "received_amount", "accounts.*.opening_balance"],
      "de-DE",
    );
    expect(value).toEqual({
      amount: "1234.56",
      received_amount: null,
      note: "1.234,56",
      accounts: [{ opening_balance: "12.5" }, { opening_balance: "1,2,3" }, { opening_balance: "" }],
    });
    expect(Object.keys(problems)).toEqual(["accounts.1.opening_balance"]);
    expect(input.amount).toBe("1.234,56");
  });
});
