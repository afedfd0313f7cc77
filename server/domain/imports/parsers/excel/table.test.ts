/** Tables found anywhere on a sheet, dates, amounts, sign conventions, and cells named in errors. */
import { describe, expect, it } from "vitest";
import { interpretTable } from "../csv/interpret-table";
import { findTable } from "../csv/table";
import { StatementUnreadableError } from "../types";
import { parseExcel } from "./parse-excel";
import { excelSerialToIsoDate } from "./serial-date";
import { buildWorkbook } from "./testing";

describe("Excel serial dates", () => {
  it("converts serials in the 1900 and 1904 systems", () => {
    expect(excelSerialToIsoDate(45322)).toBe("2024-01-31");
    expect(excelSerialToIsoDate(45322.999)).toBe("2024-01-31");
    expect(excelSerialToIsoDate(61)).toBe("1900-03-01");
    expect(excelSerialToIsoDate(60)).toBeNull(); // Excel's 29 February 1900
    expect(excelSerialToIsoDate(45322 - 1462, true)).toBe("2024-01-31");
  });

  it("reads a date-formatted serial and a plain serial under a date header", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Date", "Amount"],
          [45322, -1],
          [45323, 2],
        ],
        dateCells: ["A2"],
      },
    ]);
    const rows = (await parseExcel(book)).statements[0]!.transactions;
    expect(rows.map((row) => row.date)).toEqual(["2024-01-31", "2024-02-01"]);
  });
});

describe("a statement summary under rows dated in text (HDFC's)", () => {
  it("is no row: a number under the text dates is a figure, not a day serial; its opening balance is the statement's", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Account No :50200087543792   PB Customer", "", "", ""],
          ["OD Limit :0   Currency :INR", "", "", ""],
          ["Date", "Narration", "Withdrawal Amt.", "Deposit Amt.", "Closing Balance"],
          ["28/04/25", "TPT-INV PAYMENT", "", 90000, 146211.34],
          ["29/04/25", "FT - DR - ABHINANDAN", 120000, "", 26211.34],
          [],
          ["STATEMENT SUMMARY  :-"],
          ["Opening Balance", "", "Debits", "Credits", "Closing Bal"],
          [56211.34, "", 120000, 90000, 26211.34],
        ],
      },
    ]);
    const [statement] = (await parseExcel(book)).statements;
    expect(statement!.transactions.map((row) => [row.date, row.amount])).toEqual([
      ["2025-04-28", "90000.00"],
      ["2025-04-29", "-120000.00"],
    ]);
    expect(statement).toMatchObject({
      accountIdentifier: "50200087543792",
      currencyCode: "INR",
      openingBalance: { amount: "56211.34", date: "2025-04-28" },
      closingBalance: { amount: "26211.34", date: "2025-04-29" },
    });
    expect(statement!.currencyAssumed).toBeUndefined();
  });
});

describe("a statement paged into sheets, the later ones without a header", () => {
  const book = () =>
    buildWorkbook([
      {
        name: "Page1",
        rows: [
          ["Date", "Text", "Amount"],
          ["2024-01-02", "SPAR", -49.9],
          ["2024-01-03", "Salary", 2500],
        ],
      },
      {
        name: "Page2",
        rows: [
          ["2024-01-04", "Bakery", -3.2],
          ["2024-01-05", "Rent", -900],
          ["2024-01-06", "Cinema", -12],
        ],
        hiddenRows: [1],
      },
    ]);

  it("reads the pages as one table, named or not, and says which rows a filter hid on any of them", async () => {
    for (const options of [{}, { sheet: "Page1" }]) {
      const file = await parseExcel(book(), options);
      expect(file.statements[0]!.transactions.map((row) => row.description)).toEqual([
        "SPAR",
        "Salary",
        "Bakery",
        "Cinema",
      ]);
      expect(file.warnings).toEqual([
        'Read the sheet "Page1" and "Page2", which goes on with its rows.',
        '1 hidden row of the sheet "Page2" (rows a filter or a person hid, which Excel does not show) was left out; show it in the workbook to import it.',
      ]);
    }
  });
});

describe("rows Excel does not show", () => {
  it("leaves out a hidden row (a filter's) with a warning, and reads the rows around it as one table", async () => {
    const book = buildWorkbook([
      {
        name: "Umsätze",
        rows: [
          ["Date", "Text", "Amount"],
          ["2024-01-02", "SPAR", -49.9],
          ["2024-01-03", "filtered out", -7777],
          ["2024-01-04", "Salary", 2500],
        ],
        hiddenRows: [2],
      },
    ]);
    const file = await parseExcel(book);
    expect(file.statements[0]!.transactions.map((row) => [row.date, row.amount, row.description])).toEqual([
      ["2024-01-02", "-49.90", "SPAR"],
      ["2024-01-04", "2500.00", "Salary"],
    ]);
    expect(file.warnings).toEqual([
      '1 hidden row of the sheet "Umsätze" (rows a filter or a person hid, which Excel does not show) was left out; show it in the workbook to import it.',
    ]);
  });
});

describe("a table that does not start at A1", () => {
  it("finds the header at C5 below a preamble, German headers, decimal-comma text", async () => {
    const book = buildWorkbook([
      { name: "Übersicht", rows: [["Kontoauszug Januar"], ["keine Buchungen hier"]] },
      {
        name: "Umsätze",
        origin: "C5",
        rows: [
          ["Buchungstag", "Wertstellung", "Verwendungszweck", "Betrag", "Währung"],
          [45322, "01.02.2024", "Miete Januar", "-1.234,56", "EUR"],
          ["02.02.2024", "02.02.2024", "Gehalt", "2.500,00", "EUR"],
        ],
        dateCells: ["C6"],
      },
    ]);
    const file = await parseExcel(book);
    expect(file.warnings).toContain('Read the sheet "Umsätze".');
    expect(file.statements[0]!.transactions).toEqual([
      {
        row: 1,
        date: "2024-01-31",
        valueDate: "2024-02-01",
        amount: "-1234.56",
        currencyCode: "EUR",
        description: "Miete Januar",
        counterparty: null,
        externalId: null,
        location: "'Umsätze'!C6",
      },
      {
        row: 2,
        date: "2024-02-02",
        valueDate: "2024-02-02",
        amount: "2500.00",
        currencyCode: "EUR",
        description: "Gehalt",
        counterparty: null,
        externalId: null,
        location: "'Umsätze'!C7",
      },
    ]);
  });
});

describe("cells that cannot be read are named", () => {
  it("an amount: the row is left out with a warning naming the cell, the rest is read", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Date", "Description", "Amount"],
          ["2024-01-02", "ok", 5],
          ["2024-01-03", "bad", "twelve"],
        ],
      },
    ]);
    const file = await parseExcel(book);
    expect(file.statements[0]?.transactions.map((t) => t.amount)).toEqual(["5.00"]);
    expect(file.warnings).toContain('"twelve" is not an amount; the line was left out (Sheet1!C3).');
  });

  it("an amount, when no other row can be read: the file is refused", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Date", "Description", "Amount"],
          ["2024-01-03", "bad", "twelve"],
        ],
      },
    ]);
    await expect(parseExcel(book)).rejects.toBeInstanceOf(StatementUnreadableError);
  });

  it("a date that looks like one but does not exist", async () => {
    const book = buildWorkbook([
      {
        origin: "B2",
        rows: [
          ["Fecha", "Concepto", "Importe"],
          ["31/02/2024", "x", "-1,00"],
        ],
      },
    ]);
    await expect(parseExcel(book)).rejects.toMatchObject({ location: "Sheet1!B3" });
  });
});

describe("sign conventions", () => {
  it("Dutch Af/Bij indicator column with YYYYMMDD dates", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Datum", "Naam / Omschrijving", "Af Bij", "Bedrag (EUR)"],
          ["20240105", "Albert Heijn", "Af", "12,50"],
          ["20240106", "Salaris", "Bij", "100,00"],
        ],
      },
    ]);
    const file = await parseExcel(book);
    expect(file.amountSemantics).toBe("indicator_column");
    expect(file.statements[0]!.transactions.map((row) => [row.date, row.amount, row.description])).toEqual([
      ["2024-01-05", "-12.50", "Albert Heijn"],
      ["2024-01-06", "100.00", "Salaris"],
    ]);
  });

  it("only positive amounts: the user must choose; their choice is applied", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Transaction Date", "Payee", "Amount"],
          ["Jan 5, 2024", "Shop", 20],
          ["Jan 6, 2024", "Cafe", 3.5],
        ],
      },
    ]);
    const unsure = await parseExcel(book);
    // As for a CSV file: no convention is claimed until the user chooses one.
    expect(unsure).toMatchObject({ amountSemantics: null, amountSemanticsRequired: true });
    const chosen = await parseExcel(book, { amountSemantics: "signed_debit_positive" });
    expect(chosen).toMatchObject({ amountSemantics: "signed_debit_positive", amountSemanticsRequired: false });
    expect(chosen.statements[0]!.transactions.map((row) => [row.date, row.amount, row.counterparty])).toEqual([
      ["2024-01-05", "-20.00", "Shop"],
      ["2024-01-06", "-3.50", "Cafe"],
    ]);
  });
});

describe("the table reading shared with the CSV module", () => {
  const records = (rows: string[][]) => rows.map((cells, i) => ({ cells, line: i + 1 }));

  it("works on plain text rows, as the CSV module hands them over", () => {
    const rows = records([
      ["Data", "Data valuta", "Descrizione", "Importo"],
      ["31/12/2024", "02/01/2025", "Caffè", "-1,20"],
    ]);
    const result = interpretTable(rows, findTable(rows), {
      delimiter: null,
      fallbackBankKey: "generic_csv",
      defaultCurrencyCode: "EUR",
    });
    expect(result).toMatchObject({
      bankKey: "generic_csv",
      statements: [
        {
          transactions: [
            { date: "2024-12-31", valueDate: "2025-01-02", amount: "-1.20", currencyCode: "EUR", location: "line 2" },
          ],
        },
      ],
    });
  });

  it("says what is missing when there is no transaction table", () => {
    const rows = records([["a", "b"]]);
    expect(interpretTable(rows, findTable(rows), { delimiter: null, fallbackBankKey: "generic_csv" })).toMatchObject({
      missing: expect.stringContaining("No column of dates was found"),
    });
  });
});
