import { describe, expect, it } from "vitest";
import {
  chooseDecimalSeparator,
  currencyFromSymbol,
  decimalSeparatorOf,
  parseAmount,
  separatorEvidence,
} from "./numbers";

describe("parseAmount", () => {
  it.each([
    ["1'234.50", ".", "1234.50"],
    ["1’234.50", ".", "1234.50"],
    ["1 234,50", ",", "1234.50"],
    ["1\u00a0234,50", ",", "1234.50"],
    ["(12.30)", ".", "-12.30"],
    ["12.30-", ".", "-12.30"],
    ["12,30-", ",", "-12.30"],
    ["€ 1.234,56", ",", "1234.56"],
    ["1.234,56 €", ",", "1234.56"],
    ["-1.234,56 EUR", ",", "-1234.56"],
    ["$1,234.56", ".", "1234.56"],
    ["-$7,971.39", ".", "-7971.39"],
    ["- $220.00", ".", "-220.00"],
    ["+ £1,100.00", ".", "1100.00"],
    ["£67.40", ".", "67.40"],
    ["11'373.94", ".", "11373.94"],
    ["+50,00", ",", "50.00"],
    ["-8,78", ",", "-8.78"],
    ["155,5", ",", "155.5"],
    ["-818.0", ".", "-818.0"],
    ["-10", ".", "-10"],
    ["2500", ",", "2500"],
    ["0,00", ",", "0.00"],
    ["-0,00", ",", "0.00"],
    ["1.500,00", ",", "1500.00"],
    ["1,500.00", ".", "1500.00"],
    ["12.30 CR", ".", "12.30"],
    ["12.30 DR", ".", "-12.30"],
    ["\u221212.30", ".", "-12.30"],
    ["CHF 1'000.00", ".", "1000.00"],
    [".5", ".", "0.5"],
    ["0.001234", ".", "0.001234"],
    ["1,234.56", ".", "1234.56"],
    ["€ -5", ".", "-5"],
    // a spreadsheet's text cells, marked with a leading apostrophe
    ["'579,68 USD", ",", "579.68"],
    ["'USD 9.126,07", ",", "9126.07"],
    // a note in brackets after the number is no part of it, but a refund it names is taken off;
    // a bracketed number is still a negative
    ["131.77(已退款89.84)", ".", "41.93"],
    ["-131.77 (refunded 89.84)", ".", "-41.93"],
    ["1.000,00 (Erstattet: 250,5)", ",", "749.50"],
    ["20.00 (refunded 25.00)", ".", "0.00"],
    ["468.32（已全额退款）", ".", "468.32"],
    ["-12,00 (Gebühr inkl.)", ",", "-12.00"],
    ["12.00 (fee included)", ".", "12.00"],
    ["12.30 (DR)", ".", "-12.30"],
    ["(12.30) (refund)", ".", "-12.30"],
    // the Indian lakh and crore grouping (Axis Bank, HDFC), and a mark a formatter put after the minus
    ["3,11,760.00", ".", "311760.00"],
    ["12,34,567", ".", "1234567"],
    ["1,00,00,000.50", ".", "10000000.50"],
    ["-,93,43,827.31", ".", "-9343827.31"],
    ["-,123,456.00", ".", "-123456.00"],
    // Indonesian and Malay debit marks, alone or after a minus that says the same (BCA's "-2.146,05 DB")
    ["2.146,05 DB", ",", "-2146.05"],
    ["-2.146,05 DB", ",", "-2146.05"],
    ["-12.30 DR", ".", "-12.30"],
  ])("reads %s with decimal %s as %s", (raw, sep, expected) => {
    expect(parseAmount(raw, sep as "." | ",")).toBe(expected);
  });

  it.each([
    ["abc", "."],
    ["", "."],
    ["12.34.56", "."],
    ["1,2,345.00", "."],
    ["12,3456.00", "."],
    ["123,45,678.00", "."],
    [",123,456.00", "."],
    ["-5.00 CR", "."],
    ["06 12 34 567", "."],
    ["--12", "."],
    ["(12.30)-", "."],
    ["(see note)", "."],
    ["12.30 (4.10)", "."],
    ["12/01/2024", "."],
    ["1.2345,00", ","],
    ["n/a", "."],
  ])("refuses %s", (raw, sep) => {
    expect(parseAmount(raw, sep as "." | ",")).toBeNull();
  });
});

describe("decimalSeparatorOf", () => {
  it.each([
    ["1.234,56", ","],
    ["1,234.56", "."],
    ["-8,78", ","],
    ["12.30", "."],
    ["1,234,567", "."],
    ["1.234.567", ","],
    ["0,001", ","],
    ["1234,567", ","],
    ["1'234.50", "."],
    ["1 234,50", ","],
    ["-1.234.567", ","],
    ["-0,125", ","],
    ["000.125", "."],
    ["-12.5", "."],
    ["1.234,", ","],
    ["(1.234)", null],
    ["- 1.234,5 €", ","],
  ])("%s proves %s", (raw, expected) => {
    expect(decimalSeparatorOf(raw)).toBe(expected);
  });

  it.each(["1,234", "1.234", "-1.234", "12", "2500", "abc", "-", ".", "-,"])("%s proves nothing", (raw) => {
    expect(decimalSeparatorOf(raw)).toBeNull();
  });
});

describe("chooseDecimalSeparator", () => {
  it("trusts the column, then the file, then the fallback", () => {
    expect(chooseDecimalSeparator(separatorEvidence(["1,525", "-33.50"]), { dot: 0, comma: 0 }, ",")).toBe(".");
    expect(chooseDecimalSeparator(separatorEvidence(["2500", "1000"]), separatorEvidence(["827,75"]), ".")).toBe(",");
    expect(chooseDecimalSeparator(separatorEvidence(["2500"]), { dot: 0, comma: 0 }, ",")).toBe(",");
  });
});

describe("currencyFromSymbol", () => {
  it("names the currency a symbol stands for", () => {
    expect(currencyFromSymbol("£67.40", null)).toBe("GBP");
    expect(currencyFromSymbol("€ 1.234,56", null)).toBe("EUR");
    expect(currencyFromSymbol("$1,234.56", null)).toBe("USD");
    expect(currencyFromSymbol("$1,234.56", "CAD")).toBe("CAD");
    expect(currencyFromSymbol("1234.56", "EUR")).toBeNull();
  });

  it("reads the Nordic crowns' kr as the account's crown, else Sweden's, and only as a word of its own", () => {
    expect(currencyFromSymbol("-1 000,00 kr", "EUR")).toBe("SEK");
    expect(currencyFromSymbol("-1 000,00 kr", "NOK")).toBe("NOK");
    expect(currencyFromSymbol("kr. 12,50", "DKK")).toBe("DKK");
    expect(currencyFromSymbol("12,50 kroner", "EUR")).toBeNull();
  });

  it("names the currency code written beside an amount", () => {
    expect(currencyFromSymbol("'USD 9.126,07", null)).toBe("USD");
    expect(currencyFromSymbol("'579,68 USD", "EUR")).toBe("USD");
  });
});
