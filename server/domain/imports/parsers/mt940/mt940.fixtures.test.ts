import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkStatement, type ExpectedFile } from "../statement-expectations-testing";
import { DUTCH } from "./fixture-expectations/dutch";
import { GERMAN_AND_SWISS } from "./fixture-expectations/german-and-swiss";
import { OTHER_COUNTRIES } from "./fixture-expectations/other-countries";
import { looksLikeMt940, parseMt940 } from "./parse-mt940";

/**
 * Every MT940 sample statement, with values read from the files by hand. The booking date is the
 * :61: entry date (MMDD, year taken from the value date) when there is one, else the value date;
 * D and RC amounts are negative.
 */
const DIR = path.resolve(process.cwd(), "../shared/fixtures/statements/mt940");

const EXPECTED: Record<string, ExpectedFile> = { ...DUTCH, ...GERMAN_AND_SWISS, ...OTHER_COUNTRIES };

const files = readdirSync(DIR);

describe("MT940 fixtures", () => {
  it("has an expectation for every fixture file", () => {
    expect([...files].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)("%s", (file) => {
    const bytes = readFileSync(path.join(DIR, file));
    const expected = EXPECTED[file]!;
    expect(looksLikeMt940(bytes)).toBe(true);
    const parsed = parseMt940(bytes, {});
    expect(parsed).toMatchObject({
      fileType: "mt940",
      bankKey: expected.bankKey,
      amountSemantics: "indicator_column",
      amountSemanticsRequired: false,
    });
    expect(parsed.statements).toHaveLength(expected.statements.length);
    expected.statements.forEach((statement, i) => checkStatement(parsed.statements[i]!, statement));
    const rows = parsed.statements.flatMap((statement) => statement.transactions.map((transaction) => transaction.row));
    expect([...rows].sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
    for (const transaction of parsed.statements.flatMap((statement) => statement.transactions)) {
      expect(transaction.location).toMatch(/^line \d+$/);
      expect(transaction.description).not.toMatch(/[\u0000-\u001f]/);
    }
  });
});
