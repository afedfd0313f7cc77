/**
 * Every CSV fixture in the shared folder: transaction count, first and last transaction, bank
 * profile and sign convention (the expectations are grouped by where the banks are).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FIXTURES, type FixtureExpectation, parseFixture, transactionsOf } from "./csv-fixtures-testing";
import { AMERICAS_AND_ASIA } from "./fixture-expectations/americas-and-asia";
import { GERMAN_SPEAKING } from "./fixture-expectations/german-speaking";
import { OTHER_EUROPEAN } from "./fixture-expectations/other-european";
import { PROVIDERS_AND_GENERIC } from "./fixture-expectations/providers-and-generic";

const EXPECTED: Record<string, FixtureExpectation> = {
  ...GERMAN_SPEAKING,
  ...OTHER_EUROPEAN,
  ...AMERICAS_AND_ASIA,
  ...PROVIDERS_AND_GENERIC,
};

describe("CSV fixtures", () => {
  it("has an expectation for every file in the folder", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(fs.readdirSync(FIXTURES).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads ${name}`, () => {
      const file = parseFixture(name);
      const transactions = transactionsOf(file);
      expect(file.fileType).toBe("csv");
      expect(file.bankKey).toBe(expected.bankKey);
      expect(file.amountSemantics).toBe(expected.semantics);
      expect(file.amountSemanticsRequired).toBe(expected.required ?? false);
      expect(transactions).toHaveLength(expected.count);
      expect(transactions.map((t) => t.row)).toEqual(transactions.map((_, i) => i + 1));
      const first = transactions[0];
      const last = transactions[transactions.length - 1];
      expect([first?.date, first?.amount]).toEqual([expected.first[0], expected.first[1]]);
      expect(first?.description).toContain(expected.first[2]);
      expect([last?.date, last?.amount]).toEqual([expected.last[0], expected.last[1]]);
      expect(last?.description).toContain(expected.last[2]);
      if (expected.currency !== undefined) expect(first?.currencyCode).toBe(expected.currency);
      if (expected.closing !== undefined) expect(file.statements[0]?.closingBalance).toEqual(expected.closing);
    });
  }
});
