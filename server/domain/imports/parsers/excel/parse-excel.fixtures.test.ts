/**
 * Every .xlsx/.xls fixture of ../shared/fixtures/statements. Expected values were read from the
 * raw cells with a separate sheetjs dump (serials converted by hand), not from this parser.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import type { ParsedFile, ParsedTransaction } from "../types";
import { NotASpreadsheetError } from "./errors";
import { parseExcel } from "./parse-excel";

const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements");
const read = (file: string): Buffer => readFileSync(path.join(FIXTURES, file));

function only(file: ParsedFile): ParsedTransaction[] {
  expect(file.statements).toHaveLength(1);
  return file.statements[0]!.transactions;
}

describe("parseExcel on the xlsx fixtures", () => {
  it("Adyen settlement report: net debit/credit columns, table at B4, payout balances the settlements", async () => {
    const file = await parseExcel(read("xlsx/oca_adyen_settlement.xlsx"));
    expect(file).toMatchObject({
      fileType: "xlsx",
      bankKey: "adyen",
      bankName: "Adyen",
      amountSemantics: "split_columns",
    });
    const rows = only(file);
    expect(rows).toHaveLength(21);
    expect(rows[0]).toMatchObject({
      row: 1,
      date: "2016-10-20",
      amount: "882.71",
      currencyCode: "USD",
      location: "Sheet1!G5",
    });
    expect(rows[0]!.description).toContain("19000000001");
    // Gross in GBP, net in USD: the net currency goes with the net amount.
    expect(rows[13]).toMatchObject({ date: "2016-10-19", amount: "607.97", currencyCode: "USD" });
    expect(rows[19]).toMatchObject({ date: "2016-10-24", amount: "-5.90" });
    expect(rows[20]).toMatchObject({ row: 21, date: "2016-10-24", amount: "-23006.27" });
    expect(rows[20]!.description).toContain("Batch 48");
    const total = rows.reduce((sum, row) => sum.plus(row.amount), new Decimal(0));
    expect(total.toFixed(2)).toBe("0.00");
    // The Psp Reference column repeats values in this anonymised file: not trusted as ids.
    expect(rows.every((row) => row.externalId === null)).toBe(true);
  });

  it("empty cells, text amounts with decimal comma and currency, a TOTAL footer", async () => {
    const file = await parseExcel(read("xlsx/oca_sheet_empty_values.xlsx"));
    expect(file).toMatchObject({ fileType: "xlsx", bankKey: "generic_excel", amountSemantics: "split_columns" });
    const rows = only(file);
    expect(rows.map((row) => [row.date, row.amount])).toEqual([
      ["2024-03-07", "-579.68"],
      ["2024-03-07", "-544.00"],
      ["2024-03-07", "-1084.00"],
    ]);
    expect(rows[0]).toMatchObject({ description: "TRANS 3333349666", currencyCode: "USD", location: "Hoja1!F2" });
    expect(file.statements[0]!.closingBalance).toEqual({ amount: "7498.07", date: "2024-03-07" });
    expect(file.warnings.join("\n")).toContain("Hoja1!F5");
  });

  it("a table that starts at B3", async () => {
    const rows = only(await parseExcel(read("xlsx/oca_sheet_offsets.xlsx")));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      date: "2018-12-15",
      amount: "-33.50",
      currencyCode: "USD",
      counterparty: "John Doe",
      location: "Sheet1!B4",
    });
    expect(rows[0]!.description).toContain("Your best supplier");
    expect(rows[1]).toMatchObject({
      date: "2018-12-15",
      amount: "1525.00",
      currencyCode: "EUR",
      counterparty: "Azure Interior",
    });
  });

  it("preamble above the header, separate Debit/Credit text columns, D/M/YY dates", async () => {
    const file = await parseExcel(read("xlsx/oca_sheet_preamble_debit_credit.xlsx"));
    const rows = only(file);
    expect(rows.map((row) => [row.date, row.amount])).toEqual([
      ["2020-04-01", "-50.00"],
      ["2020-04-01", "-100.00"],
      ["2020-04-02", "-80.68"],
      ["2020-04-02", "1300.00"],
    ]);
    expect(rows[0]!.description).toContain("LABEL 1");
    expect(file.statements[0]).toMatchObject({ accountIdentifier: "08088804068", currencyCode: "EUR" });
    expect(file.amountSemantics).toBe("split_columns");
    // Consecutive rows a day apart, not a month: the order needs no warning.
    expect(file.warnings.join("\n")).not.toMatch(/day\/month/);
  });

  it("a simple statement with a signed Amount column", async () => {
    const file = await parseExcel(read("xlsx/oca_sheet_sample_statement_en.xlsx"));
    expect(file).toMatchObject({ amountSemantics: "signed_debit_negative", amountSemanticsRequired: false });
    const rows = only(file);
    expect(rows.map((row) => [row.row, row.date, row.amount, row.currencyCode, row.location])).toEqual([
      [1, "2018-12-15", "-33.50", "USD", "Sheet1!A2"],
      [2, "2018-12-15", "1525.00", "EUR", "Sheet1!A3"],
    ]);
    expect(rows[1]!.description).toBe("Your payment on 12/15/2018");
  });

  it("FinecoBank movements: Italian headers, Entrate/Uscite, account number in the preamble", async () => {
    const file = await parseExcel(read("xlsx/ofxstmt_it_fineco_movements.xlsx"), { defaultCurrencyCode: "EUR" });
    expect(file).toMatchObject({ bankKey: "fineco", amountSemantics: "split_columns" });
    expect(file.statements[0]).toMatchObject({ accountIdentifier: "0000000", currencyCode: "EUR" });
    const rows = only(file);
    expect(rows.map((row) => [row.date, row.amount, row.currencyCode])).toEqual([
      ["2024-12-31", "-9.99", "EUR"],
      ["2024-12-31", "150.62", "EUR"],
    ]);
    expect(rows[0]!.description).toContain("VISA DEBIT");
    expect(rows[1]!.description).toContain("Bonifico SEPA Italia");
  });
});

describe("parseExcel on the xls fixtures", () => {
  it("UOB legacy BIFF8: newest first, Withdrawal/Deposit, multi-line descriptions", async () => {
    const file = await parseExcel(read("xls/reds_sg_uob_account_history_biff8.xls"));
    expect(file).toMatchObject({ fileType: "xls", bankKey: "uob", amountSemantics: "split_columns" });
    expect(file.statements[0]).toMatchObject({ accountIdentifier: "1234567890", currencyCode: "SGD" });
    const rows = only(file);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({
      date: "2023-06-30",
      amount: "0.12",
      description: "Interest Credit",
      location: "Sheet0!A9",
    });
    expect(rows[1]).toMatchObject({
      date: "2023-06-16",
      amount: "-800.00",
      description: "Cash Withdrawal-ATM NFC Mobile WDL",
    });
    expect(rows[3]).toMatchObject({ date: "2023-06-05", amount: "545.05" });
    expect(rows[7]).toMatchObject({ row: 8, date: "2023-05-02", amount: "-27.90" });
    expect(rows[7]!.description).toContain("NETS Debit-Consumer");
    // The file's balances are all zero, which does not add up: no closing balance.
    expect(file.statements[0]!.closingBalance).toBeNull();
  });

  it("FinecoBank cards legacy .xls: table at B3, signed Importo, total footer skipped", async () => {
    const file = await parseExcel(read("xls/ofxstmt_it_fineco_cards_biff.xls"));
    expect(file).toMatchObject({ fileType: "xls", bankKey: "fineco", amountSemantics: "signed_debit_negative" });
    const rows = only(file);
    expect(rows.map((row) => [row.date, row.amount, row.location])).toEqual([
      ["2024-12-31", "-50.00", "'movimenti carta'!D4"],
      ["2024-12-31", "-50.00", "'movimenti carta'!D5"],
    ]);
    expect(rows[0]!.description).toBe("Lorem ipsum dolor sit amet, consectetur adipiscing elit");
    expect(file.warnings.join("\n")).toContain("'movimenti carta'!D8");
  });

  it("XLSX content under a .xls name is read as xlsx", async () => {
    const file = await parseExcel(read("xls/oca_adyen_xlsx_content_with_xls_extension.xls"));
    expect(file).toMatchObject({ fileType: "xlsx", bankKey: "adyen" });
    const rows = only(file);
    expect(rows).toHaveLength(21);
    expect(rows[0]).toMatchObject({ date: "2016-10-20", amount: "882.71" });
    expect(rows[20]).toMatchObject({ date: "2016-10-24", amount: "-23006.27" });
  });

  it("CSV text under a .xls name -> NotASpreadsheetError for the caller to route to the CSV parser", async () => {
    const attempt = parseExcel(read("xls/bank2ynab_lt_swedbank_csv_content_with_xls_extension.xls"));
    await expect(attempt).rejects.toBeInstanceOf(NotASpreadsheetError);
    await expect(attempt).rejects.toMatchObject({ suggestedParser: "csv" });
  });
});
