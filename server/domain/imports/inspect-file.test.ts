import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseForAccount } from "./account-reading";
import { HEAD_ROWS, INSPECT_TRANSACTIONS, inspectStatementFile } from "./inspect-file";
import { buildWorkbook } from "./parsers/excel/testing";

/**
 * The column-mapping editor's look at a file: its first rows as they are, and its transactions as
 * read with the person's options. Tables here have headers in made-up words, in shuffled order, so
 * nothing but the options can say which column is which.
 */

/** A small deterministic generator (mulberry32), so a failure names the seed that made it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["zor", "quen", "blat", "mip", "trosk", "vel", "ung", "drab", "yix", "pol", "karn", "obo"];

interface Made {
  csv: string;
  headers: string[];
  /** Column index of each role. */
  at: { date: number; text: number; amount: number; other: number };
  expected: Array<{ date: string; amount: string; description: string }>;
}

/**
 * A table of `rows` transactions: a month-first date (days 1-12, so a day-first reading also
 * "works"), a text, the amount with a decimal comma, and a second number column of no meaning.
 */
function madeUpTable(seed: number, rows: number): Made {
  const next = random(seed);
  const word = () =>
    Array.from({ length: 2 + Math.floor(next() * 2) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join("");
  const order = ["date", "text", "amount", "other"].sort(() => next() - 0.5) as Array<keyof Made["at"]>;
  const at = Object.fromEntries(order.map((role, index) => [role, index])) as Made["at"];
  const headers = order.map(() => word());
  const expected: Made["expected"] = [];
  const lines = [headers.join(";")];
  for (let i = 0; i < rows; i += 1) {
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 12);
    const cents = Math.floor(next() * 200_000) - 100_000;
    const amount = (cents / 100).toFixed(2);
    const description = `${word()} ${word()}`;
    const cells: Record<keyof Made["at"], string> = {
      date: `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/2025`,
      text: description,
      amount: amount.replace(".", ","),
      other: String(Math.floor(next() * 900) + 100),
    };
    lines.push(order.map((role) => cells[role]).join(";"));
    expected.push({
      date: `2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      amount,
      description,
    });
  }
  return { csv: `${lines.join("\n")}\n`, headers, at, expected };
}

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

describe("parseForAccount: the account's remembered reading", () => {
  const table = madeUpTable(21, 6);
  const file = { bytes: Buffer.from(table.csv), name: "export.csv" };
  const remembered = {
    options: {
      dateFormat: "MM/DD/YYYY",
      decimalSeparator: "," as const,
      columns: {
        date: table.headers[table.at.date]!,
        description: table.headers[table.at.text]!,
        amount: table.headers[table.at.amount]!,
      },
    },
  };

  it("reads a file with it, and says so", async () => {
    const { parsed } = await parseForAccount(
      file,
      { defaultCurrencyCode: "EUR", amountSemantics: undefined },
      remembered,
    );
    expect(parsed.warnings[0]).toBe("Read with the options remembered for this account.");
    expect(parsed.statements[0]!.transactions.map((t) => [t.date, t.amount])).toEqual(
      table.expected.map((t) => [t.date, t.amount]),
    );
  });

  it("keeps its sign convention, unless the upload brings its own", async () => {
    // Unsigned amounts with a debit/credit mark, the mark's column in made-up words as well.
    const csv = [
      "Vorp;Quastel;Zimble;Kreb",
      "03/04/2026;Bakery Zorn;3,50;X",
      "10/11/2026;Salary Quinx;2500,00;Y",
      "",
    ].join("\n");
    const marked = { bytes: Buffer.from(csv), name: "marked.csv" };
    const signs = {
      options: {
        ...remembered.options,
        columns: { date: "Vorp", description: "Quastel", amount: "Zimble" },
        amountSemantics: "signed_debit_positive" as const,
      },
    };
    const read = await parseForAccount(marked, { amountSemantics: undefined }, signs);
    expect(read.amountSemantics).toBe("signed_debit_positive");
    expect(read.parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(["-3.50", "-2500.00"]);
    const own = await parseForAccount(marked, { amountSemantics: "signed_debit_negative" }, signs);
    expect(own.amountSemantics).toBe("signed_debit_negative");
    expect(own.parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(["3.50", "2500.00"]);
  });

  it("falls back to detection, with a warning, when the file does not fit it", async () => {
    const other = madeUpTable(22, 6);
    const { parsed } = await parseForAccount({ bytes: Buffer.from(other.csv), name: "other.csv" }, {}, remembered);
    expect(parsed.warnings[0]).toMatch(
      /^The options remembered for this account do not fit this file \(.*\); it was read by detection instead\.$/,
    );
    expect(parsed.statements[0]!.transactions).toHaveLength(6);
  });

  it("leaves files that are no tables alone", async () => {
    const dir = path.join(__dirname, "../../../../shared/fixtures/statements/ofx");
    const name = readdirSync(dir).find((f) => f.endsWith(".ofx"))!;
    const { parsed } = await parseForAccount({ bytes: readFileSync(path.join(dir, name)), name }, {}, remembered);
    expect(parsed.fileType).toBe("ofx");
    expect(parsed.warnings.join(" ")).not.toMatch(/remembered/);
  });
});
