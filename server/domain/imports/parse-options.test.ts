import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStatementFile } from "./parse-file";
import type { ColumnChoice, ColumnRef, ParseOptions } from "./parsers/types";
import {
  csvHeaderCells,
  firstDifference,
  numberedHeader,
  readingOf,
  rewriteCsvHeader,
  rewriteExcelHeader,
  sheetRowCells,
} from "./testing/header-variants";

/**
 * The way out when reading by content is not enough: every CSV and Excel file of the corpus, its
 * header replaced by "Column 1..N" so that no name helps, is read exactly as with its own header
 * when the upload says which column is which (by position), the date format, the decimal
 * separator and the sign convention.
 */
const ROOT = path.resolve(process.cwd(), "../shared/fixtures/statements");
const files = ["csv", "xlsx", "xls"].flatMap((folder) =>
  readdirSync(path.join(ROOT, folder)).map((name) => ({ folder, name })),
);

/** The echoed columns, names turned into 0-based positions in the header's cells. */
function byPosition(columns: ColumnChoice, header: readonly string[]): ColumnChoice {
  const position = (ref: ColumnRef): number => (typeof ref === "number" ? ref : header.indexOf(ref));
  return Object.fromEntries(
    Object.entries(columns).map(([role, ref]) => [
      role,
      Array.isArray(ref) ? ref.map(position) : position(ref as ColumnRef),
    ]),
  );
}

describe("explicit parse options", () => {
  it("read every table of the corpus exactly when they name the columns by position, with a header that names nothing", async () => {
    const outcomes: Array<{ name: string; difference: string | null }> = [];
    for (const { folder, name } of files) {
      const bytes = readFileSync(path.join(ROOT, folder, name));
      const original = await parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" }).catch(() => null);
      const used = original?.optionsUsed;
      if (!original || !used?.columns || used.headerRow == null) continue; // refused, or no header to replace
      const isSheet = original.fileType === "xlsx" || original.fileType === "xls";
      const header = isSheet ? sheetRowCells(bytes, used.sheet ?? "", used.headerRow) : csvHeaderCells(bytes);
      const rewritten = isSheet ? rewriteExcelHeader(bytes, numberedHeader) : rewriteCsvHeader(bytes, numberedHeader);
      if (!rewritten) continue;
      const options: ParseOptions = {
        defaultCurrencyCode: "EUR",
        columns: byPosition(used.columns, header),
        dateFormat: used.dateFormat ?? undefined,
        decimalSeparator: used.decimalSeparator ?? undefined,
        amountSemantics: original.amountSemantics ?? undefined,
        headerRow: used.headerRow,
        sheet: used.sheet,
      };
      const reading = await parseStatementFile(
        rewritten,
        isSheet ? name.replace(/\.xls$/i, ".xlsx") : name,
        options,
      ).then(
        (parsed) => firstDifference(readingOf(original), readingOf(parsed)),
        (error: Error) => error.message,
      );
      outcomes.push({ name, difference: reading });
    }
    const misread = outcomes.filter((o) => o.difference !== null);
    console.info(`explicit columns: ${outcomes.length - misread.length} of ${outcomes.length} tables read exactly`);
    for (const o of misread) console.info(`  ${o.name}: ${o.difference}`);
    expect(outcomes.length).toBeGreaterThanOrEqual(45);
    expect(misread).toEqual([]);
  }, 180_000);
});
