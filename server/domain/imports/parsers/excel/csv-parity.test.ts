/**
 * A sheet's table is read by the CSV module's table reading: a bank's Excel export with the headers
 * of its CSV export gets the same bank profile, column roles and sign convention.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../csv";
import { detectDelimiter, normaliseLineEndings, readRecords } from "../csv/dialect";
import { decodeCsvBytes } from "../csv/encoding";
import type { ParsedFile } from "../types";
import { parseExcel } from "./parse-excel";
import { buildWorkbook } from "./testing";

const CSV_FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements/csv");

/** A CSV file's fields as the text cells of a workbook's only sheet. */
function savedAsWorkbook(csv: Buffer): Buffer {
  const text = normaliseLineEndings(decodeCsvBytes(csv).text);
  return buildWorkbook([{ rows: readRecords(text, detectDelimiter(text)).map((record) => record.cells) }]);
}

/** What a reading says about the statement; locations differ ("line 2" against "Sheet1!A2"). */
function reading(file: ParsedFile) {
  const { bankKey, bankName, amountSemantics, amountSemanticsRequired } = file;
  const statements = file.statements.map((s) => ({
    ...s,
    transactions: s.transactions.map(({ location: _, ...t }) => t),
  }));
  return { bankKey, bankName, amountSemantics, amountSemanticsRequired, statements };
}

describe("a bank's CSV export saved as a workbook", () => {
  it.each([
    "bank2ynab_de_n26.csv", // profile: no account column
    "bank2ynab_sg_ocbc_preamble_multiline.csv", // preamble account, continuation lines
    "bank2ynab_uk_johnlewis_card_bom_pound.csv", // unnamed marker column, blank mark is a debit
    "csv2ofx_ca_pcmastercard_mmddyyyy.csv", // card: spending printed positive
    "csv2ofx_ch_ubs_fr_apostrophe_thousands.csv", // debit/credit columns, 11'373.94
    "ofxstmt_nl_knab_title_line_creditdebet.csv", // title line, Credit/Debet mark
    "ofxstmt_nl_degiro_account_blank_headers.csv", // unnamed amount columns, a statement per currency
  ])("%s reads as the CSV file does", async (name) => {
    const csv = readFileSync(path.join(CSV_FIXTURES, name));
    const fromCsv = parseCsv(csv);
    expect(fromCsv.bankKey).not.toBe("generic_csv");
    expect(reading(await parseExcel(savedAsWorkbook(csv)))).toEqual(reading(fromCsv));
  });
});

describe("bank profiles for typed cells", () => {
  it("an N26 table of date and number cells is N26's, with its columns", async () => {
    const book = buildWorkbook([
      {
        origin: "B2",
        rows: [
          ["Datum", "Empfänger", "Kontonummer", "Transaktionstyp", "Verwendungszweck", "Betrag (EUR)"],
          [45322, "REWE Markt", "", "MasterCard Zahlung", "", -23.4],
          [45323, "Arbeitgeber GmbH", "DE89370400440532013000", "Gutschrift", "Gehalt Januar", 2500],
        ],
        dateCells: ["B3", "B4"],
      },
    ]);
    const file = await parseExcel(book);
    expect(file).toMatchObject({
      bankKey: "n26",
      bankName: "N26",
      amountSemantics: "signed_debit_negative",
      amountSemanticsRequired: false,
    });
    // N26's profile: Kontonummer is the counterparty's account, not the statement's.
    expect(file.statements[0]).toMatchObject({ accountIdentifier: null, currencyCode: "EUR" });
    const rows = file.statements[0]!.transactions;
    expect(rows.map((t) => [t.date, t.amount, t.currencyCode, t.counterparty, t.description, t.location])).toEqual([
      ["2024-01-31", "-23.40", "EUR", "REWE Markt", "REWE Markt", "Sheet1!B3"],
      ["2024-02-01", "2500.00", "EUR", "Arbeitgeber GmbH", "Gehalt Januar", "Sheet1!B4"],
    ]);
  });

  it("a card profile's sign convention applies to number cells", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Merchant Name", "Card Used For Transaction", "Date", "Time", "Amount"],
          ["Mobil", "1234", "01/10/2019", "10:00 AM", 36.33],
          ["Refund", "1234", "01/12/2019", "11:00 AM", -5],
        ],
      },
    ]);
    const file = await parseExcel(book);
    expect(file).toMatchObject({
      bankKey: "pc_mastercard",
      bankName: "PC Financial Mastercard",
      amountSemantics: "signed_debit_positive",
      amountSemanticsRequired: false,
    });
    expect(file.statements[0]!.transactions.map((t) => [t.date, t.amount, t.currencyCode])).toEqual([
      ["2019-01-10", "-36.33", "CAD"],
      ["2019-01-12", "5.00", "CAD"],
    ]);
  });
});
