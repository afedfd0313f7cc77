import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStatementFile } from "./parse-file";
import type { ParsedFile } from "./parsers/types";
import {
  firstDifference,
  type HeaderRewrite,
  numberedHeader,
  readingOf,
  rewriteCsvHeader,
  rewriteExcelHeader,
  shuffledHeader,
} from "./testing/header-variants";

/**
 * Columns are read by their content, not only by their names: every CSV and Excel file of the
 * shared corpus, its header row replaced by "Column 1..N" (and, separately, its names shuffled
 * among the columns), must read as with its own header: the same rows, dates, amounts and signs.
 */
const ROOT = path.resolve(process.cwd(), "../shared/fixtures/statements");
const TABLE_FOLDERS = ["csv", "xlsx", "xls"];
const files = TABLE_FOLDERS.flatMap((folder) => readdirSync(path.join(ROOT, folder)).map((name) => ({ folder, name })));

/** Files below the bar, each with the reason a person would give. */
const WITHOUT_NAMES: Record<string, string> = {
  "bank2ynab_hu_erste.csv":
    "two date columns, both in order; without names the one never earlier (the value date) is taken as the booking date",
  "ofxstmt_nl_knab_title_line_creditdebet.csv":
    "two date columns; Knab lists rows by Valutadatum, which is also never earlier, so it is taken instead of Transactiedatum",
  "bank2ynab_sg_ocbc_preamble_multiline.csv":
    "every row is a withdrawal: one unsigned amount column beside an empty one, and only the header says it is money out",
  "csv2ofx_ca_pcmastercard_mmddyyyy.csv":
    "a card statement printing spending as positive: the bank profile (found by its header) knows; without it the user is asked",
  "oca_sheet_debit_credit_columns.csv":
    "a test sheet whose balance column runs against its own Debit/Credit names; read by content, the balance wins",
};
/** Numbered, OCBC's rows speak for themselves ("POS", "purchase"); shuffled names point its words at other columns. */
const { "bank2ynab_sg_ocbc_preamble_multiline.csv": _ocbc, ...NUMBERED } = WITHOUT_NAMES;
const KNOWN_MISREADS: Record<string, Record<string, string>> = { numbered: NUMBERED, shuffled: WITHOUT_NAMES };

/** Each file read with its own header, once for both variants. */
const originals = new Map<string, Promise<ParsedFile | null>>();
function originalReading(bytes: Buffer, name: string): Promise<ParsedFile | null> {
  let reading = originals.get(name);
  if (!reading)
    originals.set(name, (reading = parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" }).catch(() => null)));
  return reading;
}

async function compare(variant: string, rewrite: HeaderRewrite) {
  const outcomes: Array<{ name: string; same: boolean; detail: string }> = [];
  for (const { folder, name } of files) {
    const bytes = readFileSync(path.join(ROOT, folder, name));
    const original = await originalReading(bytes, name);
    if (!original) continue; // refused files have nothing to compare
    const isSheet = original.fileType === "xlsx" || original.fileType === "xls";
    const rewritten = isSheet ? rewriteExcelHeader(bytes, rewrite) : rewriteCsvHeader(bytes, rewrite);
    if (!rewritten) continue; // no header row to rewrite
    const blind = await parseStatementFile(rewritten, isSheet ? name.replace(/\.xls$/i, ".xlsx") : name, {
      defaultCurrencyCode: "EUR",
    }).then(
      (parsed) => ({ parsed, error: null }),
      (error: Error) => ({ parsed: null, error }),
    );
    const difference = blind.parsed
      ? firstDifference(readingOf(original), readingOf(blind.parsed))
      : (blind.error?.message ?? "");
    outcomes.push({ name, same: difference === null, detail: difference ?? "" });
  }
  const same = outcomes.filter((o) => o.same).length;
  console.info(
    `header ${variant}: ${same} of ${outcomes.length} files read as with their own header (${((same / outcomes.length) * 100).toFixed(1)}%)`,
  );
  for (const o of outcomes.filter((o) => !o.same)) console.info(`  ${o.name}: ${o.detail}`);
  return { outcomes, share: same / outcomes.length };
}

describe("reading a table whose header says nothing", () => {
  for (const [variant, rewrite] of [
    ["numbered", numberedHeader],
    ["shuffled", shuffledHeader],
  ] as const) {
    it(`reads at least 90% of the corpus's tables with the header ${variant}, and the misreads are the known ones`, async () => {
      const { outcomes, share } = await compare(variant, rewrite);
      expect(outcomes.length).toBeGreaterThanOrEqual(45);
      expect(share).toBeGreaterThanOrEqual(0.9);
      const misread = outcomes
        .filter((o) => !o.same)
        .map((o) => o.name)
        .sort();
      expect(misread).toEqual(Object.keys(KNOWN_MISREADS[variant] ?? {}).sort());
    }, 180_000);
  }
});
