import { readFileSync } from "node:fs";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { parseStatementFile } from "./parse-file";
import { fixtureFiles } from "./statement-fixtures";

/**
 * Every statement fixture through the importer's entry point (type detection + parser). The
 * per-bank values are checked in each parser's fixture tests; here every file must end in
 * statements with transactions, or in a clear 400 when it is an investment-only statement.
 */
const FOLDERS = ["csv", "ofx", "qfx", "mt940", "xlsx", "xls", "camt", "qif"];
const INVESTMENT_ONLY = new Set([
  "ofxparse_vanguard_invest_crcrlf.ofx",
  "reds_etrade_brokerage_sgml.QFX",
  "reds_example_ofxdownload_crlf.qfx",
  "reds_vanguard_401k.qfx",
  "qif2json_investment_only.qif",
]);

/**
 * CAMT and QIF files through the entry point: the type detected, and the transactions and their
 * sum per statement, read from the files by hand (the parsers' fixture tests check the rows).
 */
const COUNTS: Record<string, { fileType: "camt" | "qif"; statements: Array<[count: number, sum: string]> }> = {
  "genkgo_camt052_v01_report.xml": { fileType: "camt", statements: [[1, "-200000"]] },
  "genkgo_camt052_v06_pending_only.xml": { fileType: "camt", statements: [[0, "0"]] },
  "genkgo_camt052_v08_status_code.xml": { fileType: "camt", statements: [[1, "-200000"]] },
  "genkgo_camt053_v02_five_decimals.xml": { fileType: "camt", statements: [[1, "8.85"]] },
  "genkgo_camt053_v02_multi_statement.xml": { fileType: "camt", statements: [[2, "1.85"]] },
  "genkgo_camt053_v03.xml": { fileType: "camt", statements: [[1, "8.85"]] },
  "genkgo_camt053_v04.xml": { fileType: "camt", statements: [[1, "8.85"]] },
  "genkgo_camt053_v08_party_pty.xml": { fileType: "camt", statements: [[1, "8.85"]] },
  "genkgo_camt054_v02_batch.xml": { fileType: "camt", statements: [[1, "-200000"]] },
  "genkgo_camt054_v08_batch.xml": { fileType: "camt", statements: [[1, "-200000"]] },
  "oca_camt053_v02_abnamro_batch_reversal.xml": { fileType: "camt", statements: [[4, "-12.99"]] },
  "oca_camt053_v02_no_entries.xml": { fileType: "camt", statements: [[0, "0"]] },
  "oca_camt053_v02_txdtls.xml": { fileType: "camt", statements: [[2, "3483"]] },
  "oca_camt054_v02_notification.xml": { fileType: "camt", statements: [[1, "5"]] },
  "csv2ofx_cash_and_bank_utf8_splits.qif": {
    fileType: "qif",
    statements: [
      [2, "95000"],
      [6, "370000"],
    ],
  },
  "csv2ofx_two_bank_accounts.qif": {
    fileType: "qif",
    statements: [
      [3, "-2000"],
      [1, "-1000"],
    ],
  },
  "csv2ofx_ubs_ch_iso_dates_account_number.qif": { fileType: "qif", statements: [[3, "30"]] },
  "qif2json_spec_example_splits_address.qif": { fileType: "qif", statements: [[3, "-935"]] },
  "qif2json_utf8_bom_no_final_newline.qif": { fileType: "qif", statements: [[1, "-379"]] },
  "qif2json_windows1252.qif": { fileType: "qif", statements: [[1, "-379"]] },
  "qifparse_accounts_cash_invst_ddmmyyyy.qif": { fileType: "qif", statements: [[3, "-23.5"]] },
  "quiffen_lists_bank_and_invst_apostrophe_year.qif": { fileType: "qif", statements: [[5, "-35.5"]] },
  "quiffen_oth_a.qif": { fileType: "qif", statements: [[5, "-35.5"]] },
  "quiffen_split_u_amount.qif": { fileType: "qif", statements: [[1, "-10"]] },
};

const files = FOLDERS.flatMap(fixtureFiles);

/**
 * Files the importer is known not to read, each with the reason: a file that stops (or starts)
 * reading fails this test by name instead of hiding inside a percentage.
 */
const KNOWN_FAILURES: Record<string, string> = {};

describe("the fixture corpus through the importer", () => {
  it("imports every bank-statement file but the known failures, and refuses investment-only ones clearly", async () => {
    const outcomes: Array<{ name: string; ok: boolean; detail: string }> = [];
    for (const { name, path: file } of files) {
      const bytes = readFileSync(file);
      try {
        const parsed = await parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" });
        const rows = parsed.statements.reduce((count, statement) => count + statement.transactions.length, 0);
        const counted = COUNTS[name];
        if (counted) {
          expect([name, parsed.fileType]).toEqual([name, counted.fileType]);
          const statements = parsed.statements.map((statement) => [
            statement.transactions.length,
            statement.transactions.reduce((sum, t) => sum.plus(t.amount), new Decimal(0)).toFixed(),
          ]);
          expect([name, statements]).toEqual([name, counted.statements]);
        }
        // A statement without transactions (the multiple-accounts OFX holds two) is read correctly too.
        outcomes.push({
          name,
          ok: parsed.statements.length > 0 && !INVESTMENT_ONLY.has(name),
          detail: `${parsed.fileType} ${parsed.bankKey} ${rows} rows`,
        });
      } catch (error) {
        expect(error, name).toBeInstanceOf(AppError);
        const appError = error as AppError;
        expect([name, appError.status]).toEqual([name, 400]);
        if (INVESTMENT_ONLY.has(name)) expect(appError.message).toMatch(/investment/i);
        outcomes.push({ name, ok: INVESTMENT_ONLY.has(name), detail: `${appError.code}: ${appError.message}` });
      }
    }
    const statements = outcomes.filter((outcome) => !INVESTMENT_ONLY.has(outcome.name));
    const failed = statements.filter((outcome) => !outcome.ok);
    console.info(`corpus: ${statements.length - failed.length} of ${statements.length} bank-statement files imported`);
    for (const outcome of failed) console.info(`  not imported: ${outcome.name}: ${outcome.detail}`);
    expect(files.length).toBeGreaterThanOrEqual(80);
    const camtAndQif = files.filter((file) => file.folder === "camt" || file.folder === "qif").map((file) => file.name);
    expect(camtAndQif.sort()).toEqual([...Object.keys(COUNTS), "qif2json_investment_only.qif"].sort());
    expect(failed.map((outcome) => outcome.name).sort()).toEqual(Object.keys(KNOWN_FAILURES).sort());
    expect(outcomes.filter((outcome) => INVESTMENT_ONLY.has(outcome.name) && outcome.ok)).toHaveLength(
      INVESTMENT_ONLY.size,
    );
  }, 120_000);
});
