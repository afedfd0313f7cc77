import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementUnreadableError } from "../types";
import { checkStatement, type ExpectedFile, type RefusedFile } from "../statement-expectations-testing";
import { NORTH_AMERICAN } from "./fixture-expectations/north-american";
import { OTHER_COUNTRIES } from "./fixture-expectations/other-countries";
import { looksLikeOfx, parseOfx } from "./parse-ofx";

/**
 * Every OFX and QFX sample statement, with values read from the files by hand: dates are the
 * DTPOSTED day as printed (time zones such as [-3:GMT] or [-7:MST] never move the day).
 */
const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements");

const EXPECTED: Record<string, ExpectedFile | RefusedFile> = { ...NORTH_AMERICAN, ...OTHER_COUNTRIES };

const files = ["ofx", "qfx"].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((name) => `${dir}/${name}`));

describe("OFX/QFX fixtures", () => {
  it("has an expectation for every fixture file", () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)("%s", (file) => {
    const bytes = readFileSync(path.join(FIXTURES, file));
    const expected = EXPECTED[file]!;
    expect(looksLikeOfx(bytes)).toBe(true);
    const hint = file.toLowerCase().endsWith(".qfx") ? "qfx" : "ofx";
    if ("refused" in expected) {
      expect(() => parseOfx(bytes, {}, hint)).toThrow(StatementUnreadableError);
      expect(() => parseOfx(bytes, {}, hint)).toThrow(expected.refused);
      return;
    }
    const parsed = parseOfx(bytes, {}, hint);
    expect(parsed.fileType).toBe(hint);
    expect(parsed.bankKey).toBe(expected.bankKey);
    expect(parsed.amountSemantics).toBe("signed_debit_negative");
    expect(parsed.amountSemanticsRequired).toBe(false);
    expect(parsed.statements).toHaveLength(expected.statements.length);
    expected.statements.forEach((statement, i) => checkStatement(parsed.statements[i]!, statement));
    const rows = parsed.statements.flatMap((statement) => statement.transactions.map((transaction) => transaction.row));
    expect(rows).toEqual(rows.map((_, i) => i + 1));
  });
});
