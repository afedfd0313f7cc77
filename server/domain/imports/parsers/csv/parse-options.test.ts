import { describe, expect, it } from "vitest";
import { buildWorkbook } from "../excel/testing";
import { parseExcel } from "../excel";
import { unreadableBy } from "../testing";
import type { ParsedFile } from "../types";
import { parseCsv } from "./index";

/** What a person can say about a file, and what the importer says it used. Tables written for the test. */
const utf8 = (text: string) => Buffer.from(text, "utf8");
const readings = (file: ParsedFile) =>
  file.statements.flatMap((s) => s.transactions.map((t) => `${t.date} ${t.amount} ${t.description}`));

// A file detection cannot read right: dates year-day-month, a preamble that looks like a header, amounts with a comma.
const ODD = [
  "Export 2024;Konto;Saldo",
  "Bank;DE00;0",
  "Wert;Tag;Notiz;Betrag (Soll/Haben)",
  "12,50;2024.31.01;Bakery;S",
  "1.000,00;2024.01.02;Salary;H",
].join("\n");

describe("parse options on a CSV file", () => {
  it("read a table by the header row, columns, date format and decimal separator given", () => {
    const file = parseCsv(utf8(ODD), {
      headerRow: 3,
      dateFormat: "YYYY.DD.MM",
      decimalSeparator: ",",
      columns: { date: "Tag", amount: 0, description: "Notiz", indicator: "Betrag (Soll/Haben)" },
      amountSemantics: "indicator_column",
    });
    expect(readings(file)).toEqual(["2024-01-31 -12.50 Bakery", "2024-02-01 1000.00 Salary"]);
    expect(file.optionsUsed).toMatchObject({
      delimiter: ";",
      headerRow: 3,
      skipRows: 2,
      dateFormat: "YYYY.DD.MM",
      decimalSeparator: ",",
      columns: { date: "Tag", amount: "Wert", description: "Notiz", indicator: "Betrag (Soll/Haben)" },
    });
  });

  it("read a table without a header row by positions, after the rows to skip", () => {
    const csv = "Statement for account 12345\n\n03/02/2024|-8.00|Lunch\n04/02/2024|-2.50|Bus\n";
    const file = parseCsv(utf8(csv), {
      headerRow: null,
      skipRows: 2,
      delimiter: "|",
      dateFormat: "DD/MM/YYYY",
      columns: { date: 0, amount: 1, description: 2 },
    });
    expect(readings(file)).toEqual(["2024-02-03 -8.00 Lunch", "2024-02-04 -2.50 Bus"]);
    expect(file.optionsUsed).toMatchObject({
      headerRow: null,
      skipRows: 2,
      delimiter: "|",
      columns: { date: 0, amount: 1, description: 2 },
    });
  });

  it("echo what was detected, so that a client can correct one field and send the rest back", () => {
    const csv = "Datum;Verwendungszweck;Betrag\n31.01.2024;Miete;-800,00\n01.02.2024;Gehalt;2.500,00\n";
    const file = parseCsv(utf8(csv));
    expect(file.optionsUsed).toEqual({
      encoding: "utf-8",
      delimiter: ";",
      headerRow: 1,
      skipRows: 0,
      dateFormat: "DD.MM.YYYY",
      decimalSeparator: ",",
      columns: { date: "Datum", amount: "Betrag", description: "Verwendungszweck" },
    });
    const again = parseCsv(utf8(csv), {
      encoding: "utf-8",
      delimiter: ";",
      headerRow: 1,
      skipRows: 0,
      dateFormat: "DD.MM.YYYY",
      decimalSeparator: ",",
      columns: { date: "Datum", amount: "Betrag", description: "Verwendungszweck" },
    });
    expect(readings(again)).toEqual(readings(file));
  });

  it("read with the encoding given instead of the one detected", () => {
    const bytes = Buffer.from("Date,Description,Amount\n2024-01-02,Caf\xe9,-3.00\n", "latin1");
    expect(readings(parseCsv(bytes, { encoding: "windows-1252" }))).toEqual(["2024-01-02 -3.00 Café"]);
    expect(parseCsv(bytes, { encoding: "windows-1252" }).optionsUsed?.encoding).toBe("windows-1252");
  });

  it("refuse a column the header does not have, naming the option and the header's names", () => {
    const error = unreadableBy(() => parseCsv(utf8(ODD), { headerRow: 3, columns: { amount: "Amount" } }));
    expect(error.message).toBe(
      'parse_options.columns.amount: no column is named "Amount" (the header names "Wert", "Tag", "Notiz", "Betrag (Soll/Haben)")',
    );
  });

  it("refuse a position past the table's width and a header row past the file's end", () => {
    expect(unreadableBy(() => parseCsv(utf8(ODD), { headerRow: 3, columns: { amount: 9 } })).message).toContain(
      "parse_options.columns.amount: the table has 4 columns",
    );
    expect(unreadableBy(() => parseCsv(utf8(ODD), { headerRow: 40 })).message).toBe(
      "parse_options.header_row: the file has no row 40",
    );
    expect(
      unreadableBy(() => parseCsv(utf8(ODD), { headerRow: null, skipRows: 3, columns: { date: "Tag" } })).message,
    ).toContain("no header row");
  });
});

describe("parse options on a workbook", () => {
  const book = buildWorkbook([
    { name: "Summary", rows: [["Total", 12]] },
    {
      name: "Movements",
      origin: "B3",
      rows: [
        ["When", "What", "How much"],
        ["2024-03-01", "Rent", "-800.00"],
        ["2024-03-02", "Coffee", "-3.20"],
      ],
    },
  ]);

  it("read the sheet named, columns counted from column A", async () => {
    const file = await parseExcel(book, {
      sheet: "movements",
      columns: { date: 1, description: 2, amount: "How much" },
    });
    expect(readings(file)).toEqual(["2024-03-01 -800.00 Rent", "2024-03-02 -3.20 Coffee"]);
    expect(file.optionsUsed).toMatchObject({
      sheet: "Movements",
      headerRow: 3,
      skipRows: 2,
      columns: { date: "When", amount: "How much" },
    });
  });

  it("refuse a sheet the workbook does not have, naming its sheets", async () => {
    await expect(parseExcel(book, { sheet: "Transactions" })).rejects.toThrow(
      'parse_options.sheet: the workbook has no sheet "Transactions" (its sheets: "Summary", "Movements")',
    );
    await expect(parseExcel(book, { sheet: 5 })).rejects.toThrow("parse_options.sheet: the workbook has no sheet 5");
  });
});

describe("what an outside test found, each read the way a person expects", () => {
  it("keeps the amounts in their header's currency when a currency column holds the original one (N26)", () => {
    const csv = [
      '"Datum","Empfänger","Kontonummer","Transaktionstyp","Verwendungszweck","Kategorie","Betrag (EUR)","Betrag (Fremdwährung)","Fremdwährung","Wechselkurs"',
      '"2024-06-01","AMAZON.COM","","MasterCard Zahlung","","Shopping","-18.52","-20.00","USD","1.0799"',
      '"2024-06-02","REWE","","MasterCard Zahlung","","Food","-7.10","","",""',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.statements.flatMap((s) => s.transactions.map((t) => [t.amount, t.currencyCode]))).toEqual([
      ["-18.52", "EUR"],
      ["-7.10", "EUR"],
    ]);
    expect(file.warnings.join("\n")).toContain("The amounts are in EUR");
  });

  it("reads every cell of a row whose header is shifted by a column, and leaves the balance out of the text", () => {
    const csv = [
      "Date;Description;Amount;Balance",
      "1;15.01.2025;Lidl sagt Danke;-23,40;976,60",
      "2;16.01.2025;Gehalt;2000,00;2976,60",
    ].join("\n");
    const detected = parseCsv(utf8(csv));
    expect(readings(detected)).toEqual(["2025-01-15 -23.40 Lidl sagt Danke", "2025-01-16 2000.00 Gehalt"]);
    const given = parseCsv(utf8(csv), { columns: { date: 1, description: 2, amount: 3, balance: 4 } });
    expect(readings(given)).toEqual(["2025-01-15 -23.40 Lidl sagt Danke", "2025-01-16 2000.00 Gehalt"]);
    expect(given.warnings.join("\n")).not.toContain("do not match");
  });

  it("refuses options that contradict each other or the file, naming them", () => {
    const csv = "Datum;Text;Betrag\n01.02.2025;Rimi;-18,40\n03.02.2025;Palk;2400,00\n";
    expect(unreadableBy(() => parseCsv(utf8(csv), { skipRows: 999 })).message).toContain(
      "parse_options.skip_rows: skipping 999 rows leaves nothing",
    );
    expect(unreadableBy(() => parseCsv(utf8(csv), { headerRow: 2, skipRows: 2 })).message).toContain(
      "parse_options.skip_rows: 2 rows would skip the header row 2",
    );
    expect(
      unreadableBy(() => parseCsv(utf8("Date,Text,Amount\n2025-02-01,Rimi,-18.40\n"), { delimiter: ";" })).message,
    ).toBe('parse_options.delimiter: ";" splits no line of the file into columns (its lines look ","-separated)');
    expect(unreadableBy(() => parseCsv(utf8(csv), { columns: { date: "Datum", amount: "Datum" } })).message).toBe(
      'parse_options.columns: date and amount name the same column ("Datum")',
    );
    expect(
      unreadableBy(() =>
        parseCsv(Buffer.from("Datum;Text;Betrag\n01.02.2025;\xcf\xf0\xe8\xe2\xe0\xf2;-1,00\n", "latin1"), {
          encoding: "utf-8",
        }),
      ).message,
    ).toContain("parse_options.encoding: the file is not utf-8 text");
  });

  it("warns when the header row named is a transaction", () => {
    const csv = "Datum;Text;Betrag\n01.02.2025;Rimi;-18,40\n03.02.2025;Palk;2400,00\n";
    const file = parseCsv(utf8(csv), { headerRow: 2 });
    expect(file.warnings.join("\n")).toContain("Row 2 (parse_options.header_row) holds a date and an amount");
  });

  it("takes no placeholder text in an account column for an account number", () => {
    const csv = "Date,Account,Description,Amount\n2025-01-02,bank account,Coffee,-3.00\n";
    expect(parseCsv(utf8(csv)).statements[0]?.accountIdentifier).toBeNull();
  });
});
