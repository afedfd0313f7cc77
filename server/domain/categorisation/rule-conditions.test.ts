import { describe, expect, it } from "vitest";
import { ruleConditions } from "../../routers/categorisation-rules/schemas";
import { conditionsTest, foldSubject, type RuleConditions } from "./rule-conditions";
import { when } from "./testing";

const matches = (
  conditions: Partial<RuleConditions>,
  row: { description: string; counterparty?: string; amount: string },
) => conditionsTest(when(conditions))(foldSubject({ accountId: null, ...row, counterparty: row.counterparty ?? null }));

describe("a rule's conditions", () => {
  it("read ß as ss and the Turkish dotless ı as i, in the text and in the rule alike", () => {
    const contains = (value: string, description: string) =>
      matches({ description: { operator: "contains", value } }, { description, amount: "-3" });
    expect(contains("straße", "Hauptstrasse 12")).toBe(true);
    expect(contains("STRASSE", "Hauptstraße 12")).toBe(true);
    expect(
      matches(
        { description: { operator: "regex", value: "^ıstanbul" } },
        { description: "İSTANBUL HAVALIMANI", amount: "-3" },
      ),
    ).toBe(true);
    expect(contains("istanbul", "İstanbul Kebap")).toBe(true);
    const regex = (value: string, description: string) =>
      matches({ description: { operator: "regex", value } }, { description, amount: "-3" });
    expect(regex("^straß?e", "Strae 1")).toBe(true);
    expect(regex("^straß?e", "Strasse 1")).toBe(true);
    expect(regex("^straß?e", "Stras 1")).toBe(false);
  });

  it("compare text with letter case, diacritics and repeated spaces ignored", () => {
    expect(
      matches(
        { description: { operator: "contains", value: "Café  Rewe" } },
        { description: "CAFE REWE Köln", amount: "-3" },
      ),
    ).toBe(true);
    expect(
      matches({ description: { operator: "equals", value: "rewe" } }, { description: " REWE ", amount: "-3" }),
    ).toBe(true);
    expect(
      matches({ description: { operator: "equals", value: "rewe" } }, { description: "REWE 4711", amount: "-3" }),
    ).toBe(false);
    expect(
      matches({ description: { operator: "starts_with", value: "rewe" } }, { description: "Lidl REWE", amount: "-3" }),
    ).toBe(false);
    expect(
      matches(
        { counterparty: { operator: "contains", value: "müller" } },
        { description: "x", counterparty: "Drogerie MUELLER", amount: "-3" },
      ),
    ).toBe(false);
    expect(
      matches(
        { counterparty: { operator: "contains", value: "müller" } },
        { description: "x", counterparty: "Drogerie Müller", amount: "-3" },
      ),
    ).toBe(true);
    expect(matches({ counterparty: { operator: "contains", value: "x" } }, { description: "x", amount: "-3" })).toBe(
      false,
    );
  });

  it("bound the amount's size whatever its sign, and the direction by sign or type", () => {
    const small = { amount: { min: "10", max: "50", sign: null } };
    expect(matches(small, { description: "x", amount: "-10.00" })).toBe(true);
    expect(matches(small, { description: "x", amount: "50.01" })).toBe(false);
    expect(matches({ ...small, type: "income" }, { description: "x", amount: "-20" })).toBe(false);
    expect(matches({ amount: { min: null, max: null, sign: "negative" } }, { description: "x", amount: "-0.01" })).toBe(
      true,
    );
  });

  it("run regular expressions in linear time: a pattern that backtracks catastrophically elsewhere answers at once", () => {
    const started = performance.now();
    const evil = { description: { operator: "regex" as const, value: "^(a+)+$" } };
    expect(matches(evil, { description: `${"a".repeat(200)}!`, amount: "-1" })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    // A regular expression reads the first 256 characters of a text: what lies beyond never matches.
    const atTheEnd = { description: { operator: "regex" as const, value: "rewe$" } };
    expect(matches(atTheEnd, { description: `${"x".repeat(300)} rewe`, amount: "-1" })).toBe(false);
    expect(matches(atTheEnd, { description: `${"x".repeat(200)} rewe`, amount: "-1" })).toBe(true);
    expect(
      matches(
        { description: { operator: "regex", value: "^rewe\\s+\\d+" } },
        { description: "Rewé 4711 Köln", amount: "-1" },
      ),
    ).toBe(true);
  });

  it("refuse what cannot run or means nothing, naming the field", () => {
    const problems = (input: unknown) =>
      ruleConditions.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(problems({})).toEqual([": must set at least one of description, counterparty, amount, account_id, type"]);
    expect(problems({ description: { operator: "regex", value: "(?=a)b" } })?.[0]).toMatch(
      /^description\.value: .*RE2/,
    );
    // Look-behind was "invalid named capture" in RE2's words; an empty value was named twice.
    expect(problems({ description: { operator: "regex", value: "(?<=x)rewe" } })).toEqual([
      "description.value: is not a regular expression this service runs (RE2 syntax): look-around such as (?<=...) is not supported, as it can take exponential time",
    ]);
    expect(problems({ description: { operator: "regex", value: "\\(?=x" } })).toBeUndefined();
    expect(problems({ description: { operator: "regex", value: "a[(?!]b" } })).toBeUndefined();
    expect(problems({ description: { operator: "regex", value: "\\Q(?=\\E" } })).toBeUndefined();
    expect(problems({ description: { operator: "regex", value: "" } })).toEqual([
      "description.value: must not be empty",
    ]);
    expect(problems({ description: { operator: "regex", value: "x".repeat(201) } })?.[0]).toMatch(
      /^description\.value/,
    );
    // Linear time is not enough when the program is huge: RE2's work per character grows with it.
    expect(problems({ description: { operator: "regex", value: ".{0,1000}x" } })?.[0]).toMatch(
      /^description\.value: is too complex \(it compiles to 2003 steps, at most 100\)/,
    );
    // Combining marks alone fold to nothing, which every text would contain.
    expect(problems({ description: { operator: "contains", value: "\u0301" } })?.[0]).toMatch(
      /^description\.value: must not be empty/,
    );
    expect(problems({ counterparty: { operator: "regex", value: "\u0301\u0302" } })).toEqual([
      "counterparty.value: must not be empty",
    ]);
    expect(problems({ amount: { min: "50", max: "10" } })).toEqual(["amount.max: must not be less than min (50)"]);
    expect(problems({ amount: { sign: "negative" }, type: "income" })).toEqual([
      "type: contradicts amount.sign (negative)",
    ]);
  });
});
