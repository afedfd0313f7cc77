import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HEAD_ROWS, INSPECT_TRANSACTIONS, inspectStatementFile } from "./inspect-file";
import { madeUpTable } from "./made-up-table-testing";
import { buildWorkbook } from "./parsers/excel/testing";

/**
 * The column-mapping editor's look at a file: its first rows as they are, and its transactions as
 * read with the person's options.
 */

describe("inspectStatementFile", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "reads a table of made-up headers exactly as the columns are named (seed %i)",
    async (seed) => {
      const table = madeUpTable(seed, 30);
      const bytes = Buffer.from(table.csv, "utf8");

      const looked = await inspectStatementFile(bytes, "export.csv", { defaultCurrencyCode: "EUR" });
      expect(looked.file_type).toBe("csv");
      // The grid is the file as it is: the header row first, each cell where the file has it.
      expect(looked.head?.rows[0]).toEqual({ row: 1, cells: table.headers });
      expect(looked.head?.rows[1]?.cells[table.at.text]).toBe(table.expected[0]!.description);
      expect(looked.head?.column_count).toBe(4);

      // By position and by header name: the same reading, whatever detection thought.
      for (const name of [false, true]) {
        const ref = (index: number) => (name ? table.headers[index]! : index);
        const read = await inspectStatementFile(bytes, "export.csv", {
          defaultCurrencyCode: "EUR",
          dateFormat: "MM/DD/YYYY",
          decimalSeparator: ",",
          amountSemantics: "signed_debit_negative",
          columns: { date: ref(table.at.date), description: ref(table.at.text), amount: ref(table.at.amount) },
        });
        expect(read.error).toBeNull();
        expect(read.transaction_count).toBe(30);
        expect(read.transactions).toHaveLength(INSPECT_TRANSACTIONS);
        expect(read.transactions.map(({ date, amount, description }) => ({ date, amount, description }))).toEqual(
          table.expected.slice(0, INSPECT_TRANSACTIONS),
        );
        expect(read.parse_options).toMatchObject({ date_format: "MM/DD/YYYY", decimal_separator: ",", header_row: 1 });
      }
    },
  );

  it("says why a reading fails and still shows the grid, so the person can correct it", async () => {
    const table = madeUpTable(11, 5);
    const looked = await inspectStatementFile(Buffer.from(table.csv), "export.csv", {
      columns: { date: table.at.text, amount: table.at.amount },
    });
    expect(looked.error).toMatch(/export\.csv could not be read: .*line 2/);
    expect(looked.transactions).toEqual([]);
    expect(looked.head?.rows).toHaveLength(6);
  });

  it("takes the row holding every column name given as the header, below any preamble", async () => {
    // Dates without separators and no header word known: nothing but the names finds the table.
    const csv = [
      "Kontoauszug Nr. 7;;",
      "Zeitraum;Q2;",
      ";;",
      "Vorp;Quastel;Zimble",
      "03042026;Bakery Zorn;-3,50",
      "11102026;Salary Quinx;2500,00",
      "",
    ].join("\n");
    const detected = await inspectStatementFile(Buffer.from(csv), "export.csv", {});
    expect(detected.error).not.toBeNull();
    const read = await inspectStatementFile(Buffer.from(csv), "export.csv", {
      dateFormat: "DDMMYYYY",
      columns: { date: "vorp", description: "Quastel", amount: "ZIMBLE" },
    });
    expect(read.error).toBeNull();
    expect(read.parse_options.header_row).toBe(4);
    expect(read.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ["2026-04-03", "-3.50", "Bakery Zorn"],
      ["2026-10-11", "2500.00", "Salary Quinx"],
    ]);
  });

  it("keeps the header detection finds when it holds the names given, though a preamble row holds one too", async () => {
    const csv = [
      "Saldo;1.234,56;EUR",
      "",
      "Buchungstag;Verwendungszweck;Betrag;Saldo",
      "03.04.2026;Bakery;-3,50;1.231,06",
      "",
    ].join("\n");
    const read = await inspectStatementFile(Buffer.from(csv), "export.csv", { columns: { balance: "Saldo" } });
    expect(read.error).toBeNull();
    expect(read.parse_options.header_row).toBe(3);
    expect(read.transactions.map((t) => [t.date, t.amount])).toEqual([["2026-04-03", "-3.50"]]);
  });

  it("refuses a named date column that no row has a date in, naming the first such line", async () => {
    const quiet = ["Date;Description;Amount", "03.04.2026;Card hold, not booked;", "Total;;0,00", ""].join("\n");
    const named = await inspectStatementFile(Buffer.from(quiet), "quiet.csv", {
      columns: { date: "Description", amount: "Amount" },
    });
    expect(named.error).toMatch(
      /no row has a date in the column read as the date \(it holds "Card hold, not booked"\).*\(line 2\)/,
    );
  });

  it("passes over a sheet the named date column fits no row of, to the sheet it fits", async () => {
    const bytes = buildWorkbook([
      {
        name: "Cover",
        rows: [
          ["Vorp", "Zimble"],
          ["Statement for Q2", "see next sheet"],
        ],
      },
      {
        name: "Rows",
        rows: [
          ["Vorp", "Quastel", "Zimble"],
          ["2026-04-03", "Bakery", -3.5],
        ],
      },
    ]);
    const read = await inspectStatementFile(bytes, "export.xlsx", {
      columns: { date: "Vorp", description: "Quastel", amount: "Zimble" },
    });
    expect(read.error).toBeNull();
    expect(read.head?.sheet).toBe("Rows");
    expect(read.transactions.map((t) => [t.date, t.amount])).toEqual([["2026-04-03", "-3.50"]]);
  });

  it("splits the grid with the column separator chosen, not the one detected", async () => {
    const csv = ["A;B;C|D", "03.04.2026;Bakery;-3,50|x", "04.04.2026;Salary;2500,00|y", ""].join("\n");
    const detected = await inspectStatementFile(Buffer.from(csv), "export.csv", {});
    expect(detected.head?.rows[0]?.cells).toEqual(["A", "B", "C|D"]);
    const chosen = await inspectStatementFile(Buffer.from(csv), "export.csv", { delimiter: "|" });
    expect(chosen.head?.rows[0]?.cells).toEqual(["A;B;C", "D"]);
  });

  it("shows at most the first rows of a long file", async () => {
    const table = madeUpTable(12, 500);
    const looked = await inspectStatementFile(Buffer.from(table.csv), "export.csv", {});
    expect(looked.head?.rows).toHaveLength(HEAD_ROWS);
    expect(looked.head?.rows.at(-1)?.row).toBe(HEAD_ROWS);
  });

  it("shows a workbook's sheets and the rows of the one read", async () => {
    const table = madeUpTable(13, 4);
    const rows = table.csv
      .trim()
      .split("\n")
      .map((line) => line.split(";"));
    const bytes = buildWorkbook([
      { name: "Notes", rows: [["nothing here"]] },
      { name: "Umsätze", rows, origin: "B3" },
    ]);
    const looked = await inspectStatementFile(bytes, "export.xlsx", {
      sheet: "Umsätze",
      dateFormat: "MM/DD/YYYY",
      decimalSeparator: ",",
      columns: {
        date: table.headers[table.at.date]!,
        description: table.headers[table.at.text]!,
        amount: table.headers[table.at.amount]!,
      },
    });
    expect(looked.head).toMatchObject({ sheets: ["Notes", "Umsätze"], sheet: "Umsätze" });
    // Rows and columns as Excel counts them: the table starts at B3.
    expect(looked.head?.rows[0]).toEqual({ row: 3, cells: ["", ...table.headers] });
    expect(looked.transactions.map((t) => t.amount)).toEqual(table.expected.map((t) => t.amount));
  });

  it("has no grid for OFX, which says how it is read", async () => {
    const dir = path.join(__dirname, "../../../../shared/fixtures/statements/ofx");
    const name = readdirSync(dir).find((file) => file.endsWith(".ofx"))!;
    const looked = await inspectStatementFile(readFileSync(path.join(dir, name)), name, {});
    expect(looked.file_type).toBe("ofx");
    expect(looked.head).toBeNull();
    expect(looked.transaction_count).toBeGreaterThan(0);
  });
});
