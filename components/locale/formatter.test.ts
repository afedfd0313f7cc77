import { describe, expect, it } from "vitest";
import { createFormatter } from "./formatter";
import { localeFromAcceptLanguage, resolveLocale } from "./locales";

const NBSP = "\u00a0";
const NNBSP = "\u202f";
const MINUS = "\u2212";

const de = createFormatter("de-DE");
const us = createFormatter("en-US");
const gb = createFormatter("en-GB");
const fr = createFormatter("fr-FR");

describe("money", () => {
  it("writes each locale's grouping, decimal sign and currency position", () => {
    expect(de.money("1234.56", "EUR")).toBe(`1.234,56${NBSP}€`);
    expect(us.money("1234.56", "EUR")).toBe("€1,234.56");
    expect(gb.money("1234.56", "GBP")).toBe("£1,234.56");
    expect(fr.money("1234.56", "EUR")).toBe(`1${NNBSP}234,56${NBSP}€`);
  });

  it("shows negative amounts with a real minus sign, and zero", () => {
    expect(de.money("-1234.56", "EUR")).toBe(`${MINUS}1.234,56${NBSP}€`);
    expect(us.money("-12.30", "USD")).toBe(`${MINUS}$12.30`);
    expect(fr.money("-0.50", "EUR")).toBe(`${MINUS}0,50${NBSP}€`);
    expect(de.money("0.00", "EUR")).toBe(`0,00${NBSP}€`);
    expect(gb.money("0", "JPY")).toBe("JP¥0");
  });

  it("keeps the places the server wrote: JPY none, a 3-place currency three", () => {
    expect(de.money("1500", "JPY")).toBe(`1.500${NBSP}¥`);
    expect(us.money("-1500", "JPY")).toBe(`${MINUS}¥1,500`);
    expect(de.money("1234.567", "BHD")).toBe(`1.234,567${NBSP}BHD`);
    expect(us.money("1234.567", "KWD")).toBe(`KWD${NBSP}1,234.567`);
  });

  it("never goes through a float", () => {
    expect(us.money("123456789012345.67", "EUR")).toBe("€123,456,789,012,345.67");
    expect(de.money("0.10", "EUR")).toBe(`0,10${NBSP}€`);
  });

  it("writes an amount without a usable currency code as a number with the code after it", () => {
    expect(de.money("1234.5", "")).toBe("1.234,5");
    expect(gb.money("12.00", "XBTC")).toBe("12.00 XBTC");
    expect(gb.money("n/a", "EUR")).toBe("n/a EUR");
  });
});

describe("numbers and percentages", () => {
  it("groups and keeps a decimal string's places", () => {
    expect(de.number("1234.50")).toBe("1.234,50");
    expect(fr.number("-1234567")).toBe(`${MINUS}1${NNBSP}234${NNBSP}567`);
    expect(us.number(1234)).toBe("1,234");
  });

  it("writes percentages in the locale's way", () => {
    expect(de.percent("25.00")).toBe(`25,00${NBSP}%`);
    expect(us.percent("25.00")).toBe("25.00%");
    expect(fr.percent("-7.5")).toBe(`${MINUS}7,5${NBSP}%`);
    expect(gb.percent(null)).toBe("\u2014");
  });

  it("signs changes", () => {
    expect(de.signed("1.50")).toBe("+1,50");
    expect(us.signed("-2.25")).toBe(`${MINUS}2.25`);
    expect(us.signed("0.00")).toBe("0.00");
  });

  it("shortens axis numbers", () => {
    expect(us.compact(12_345)).toBe("12.3K");
    expect(de.compact(1_500_000)).toBe(`1,5${NBSP}Mio.`);
    expect(us.compact(4_500)).toBe("4.5K");
    // German shortens no thousands: the axis writes them grouped, not "4500".
    expect(de.compact(4_500)).toBe("4.500");
    expect(de.compact(-12_000)).toBe(`${MINUS}12.000`);
    expect(fr.compact(950)).toBe("950");
  });
});

describe("dates", () => {
  it("writes calendar days in the locale's way without shifting them", () => {
    expect(de.day("2026-11-23")).toBe("23.11.2026");
    expect(gb.day("2026-11-23")).toBe("23 Nov 2026");
    expect(us.day("2026-11-23")).toBe("Nov 23, 2026");
    expect(fr.day("2026-01-01")).toBe("1 janv. 2026");
    expect(de.day(null, "none")).toBe("none");
  });

  it("names months", () => {
    expect(de.month("2026-03")).toBe("März 2026");
    expect(gb.month("2026-08")).toBe("August 2026");
    expect(us.shortMonth("2026-11")).toBe("Nov 26");
    expect(de.shortMonth("2026-11")).toBe("Nov. 26");
  });

  it("writes instants with their time", () => {
    expect(de.moment("2026-11-23T10:15:00Z")).toMatch(/^23\.11\.2026, \d{2}:15$/);
    expect(us.moment(null)).toBe("never");
  });
});

describe("amounts prefilled into inputs", () => {
  it("uses the locale's decimal separator and no grouping", () => {
    expect(de.amountInput("1234.56")).toBe("1234,56");
    expect(us.amountInput("1234.56")).toBe("1234.56");
    expect(fr.amountInput("1500")).toBe("1500");
    expect(de.amountInput(null)).toBe("");
  });
});

describe("the request's locale", () => {
  it("takes the cookie's choice, else Accept-Language's first usable tag by quality, else en-GB", () => {
    expect(resolveLocale("fr-FR", "de-DE,de;q=0.9")).toEqual({ locale: "fr-FR", choice: "fr-FR", browser: "de-DE" });
    expect(resolveLocale(undefined, "de-DE,de;q=0.9,en;q=0.8")).toEqual({
      locale: "de-DE",
      choice: null,
      browser: "de-DE",
    });
    expect(resolveLocale("not a locale!", "en-us")).toEqual({ locale: "en-US", choice: null, browser: "en-US" });
    expect(resolveLocale(undefined, undefined).locale).toBe("en-GB");
    expect(localeFromAcceptLanguage("*;q=1, fr;q=0.5, es-ES;q=0.7")).toBe("es-ES");
    expect(localeFromAcceptLanguage("en;q=0")).toBeNull();
  });
});
