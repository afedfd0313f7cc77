/** The limits around the untrusted-input reader: size, time, and bytes that are no workbook. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementUnreadableError } from "../types";
import { inspectSpreadsheetContainer, readZipDirectory } from "./container";
import { NotASpreadsheetError } from "./errors";
import { parseExcel } from "./parse-excel";
import { MAX_SHEET_ROWS } from "./run-worker";
import { buildWorkbook, buildXmlWorkbook, buildZip, longStatementSheet, MINIMAL_XLSX_PARTS } from "./testing";

const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements");
const sample = (): Buffer => readFileSync(path.join(FIXTURES, "xlsx/oca_sheet_sample_statement_en.xlsx"));

async function unreadable(attempt: Promise<unknown>): Promise<StatementUnreadableError> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StatementUnreadableError);
  return error as StatementUnreadableError;
}

describe("decompressed size", () => {
  it("reads the sizes from the central directory", () => {
    const zip = buildZip([...MINIMAL_XLSX_PARTS, { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(5000) }]);
    expect(readZipDirectory(zip).map((entry) => [entry.name, entry.uncompressedSize])).toEqual([
      ["[Content_Types].xml", 8],
      ["xl/workbook.xml", 11],
      ["xl/worksheets/sheet1.xml", 5000],
    ]);
  });

  it("refuses a tiny zip whose directory claims a huge part, before any worker starts", async () => {
    const bomb = buildZip([
      ...MINIMAL_XLSX_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: Buffer.from("<x/>"), claimedSize: 0xfffffff0 },
    ]);
    expect(bomb.length).toBeLessThan(400);
    const error = await unreadable(parseExcel(bomb));
    expect(error.message).toBe("the spreadsheet expands to more than 100 MiB");
  });

  it("refuses a suspicious compression ratio under the cap", async () => {
    const bomb = buildZip([
      ...MINIMAL_XLSX_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: Buffer.from("<x/>"), claimedSize: 50 * 1024 * 1024 },
    ]);
    const error = await unreadable(parseExcel(bomb));
    expect(error.message).toMatch(/zip bomb/);
  });

  it("honours a smaller cap", async () => {
    const error = await unreadable(parseExcel(sample(), { maxDecompressedBytes: 4096 }));
    expect(error.message).toBe("the spreadsheet expands to more than 4 KiB");
  });

  it("catches a directory that under-states a part (inflated with a hard cap in the worker)", async () => {
    const liar = buildZip([
      ...MINIMAL_XLSX_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(2 * 1024 * 1024, 0x20), claimedSize: 1000 },
    ]);
    const error = await unreadable(parseExcel(liar));
    expect(error.message).toBe("the spreadsheet expands to more than its ZIP directory declares");
  });

  it("refuses a ZIP that is not an Excel workbook", () => {
    const ods = buildZip([
      { name: "mimetype", data: Buffer.from("application/vnd.oasis.opendocument.spreadsheet") },
      { name: "content.xml", data: Buffer.from("<x/>") },
    ]);
    expect(() => inspectSpreadsheetContainer(ods)).toThrow(/OpenDocument/);
  });
});

describe("time limit", () => {
  it("terminates a worker that never answers", async () => {
    const started = Date.now();
    const error = await unreadable(parseExcel(sample(), { timeLimitMs: 300, testHooks: { hangWorker: true } }));
    expect(error.message).toBe("the spreadsheet took too long to read");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("applies a very small limit to a real workbook", async () => {
    const error = await unreadable(parseExcel(sample(), { timeLimitMs: 1 }));
    expect(error.message).toBe("the spreadsheet took too long to read");
  });
});

describe("bytes that are no workbook", () => {
  it("garbage binary -> StatementUnreadableError", async () => {
    const garbage = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256));
    const error = await unreadable(parseExcel(garbage));
    expect(error.message).toMatch(/not an Excel workbook/);
  });

  it("an OLE2 header followed by garbage -> StatementUnreadableError from the worker", async () => {
    const fake = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(4096, 0x41)]);
    const error = await unreadable(parseExcel(fake));
    expect(error.message).toMatch(/^the spreadsheet cannot be read/);
  });

  it("a truncated xlsx -> StatementUnreadableError", async () => {
    const bytes = sample();
    const error = await unreadable(parseExcel(bytes.subarray(0, Math.floor(bytes.length / 2))));
    expect(error.message).toMatch(/ZIP structure is damaged/);
  });

  it("UTF-16 text with a BOM is text, not a spreadsheet", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Date;Amount\r\n", "utf16le")]);
    await expect(parseExcel(utf16)).rejects.toBeInstanceOf(NotASpreadsheetError);
  });

  it("a workbook with no transaction table names the problem", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Name", "Value"],
          ["a", 1],
        ],
      },
    ]);
    const error = await unreadable(parseExcel(book));
    expect(error.message).toMatch(/^no sheet holds a transaction table/);
  });
});

describe("sheets longer than the row cap", () => {
  /** 120,001 rows of one number: over the cap, counted while the worker inflates the part, and never read. */
  const overLong = (name: string, hidden = false) => ({
    name,
    hidden,
    xml: Buffer.from(
      `<worksheet><sheetData>${Array.from({ length: MAX_SHEET_ROWS + 1 }, (_, i) => `<row r="${i + 1}"><c><v>1</v></c></row>`).join("")}</sheetData></worksheet>`,
    ),
  });
  const statement = (name: string) => ({ name, xml: longStatementSheet(3) });
  const TOO_MANY_ROWS =
    "the file holds more than 120,000 rows, more than a file of at most 100,000 transactions may; split it into files of at most 100,000 transactions (e.g. one per year) and import each";

  it("refuses a 600,000-row sheet (100 MB of XML) by its rows, naming the sheet", async () => {
    const book = buildXmlWorkbook([{ name: "Statement", xml: longStatementSheet(600_000) }]);
    const error = await unreadable(parseExcel(book));
    expect(error.message).toBe(`${TOO_MANY_ROWS} (Statement)`);
  }, 30_000);

  it("reads a statement found before the long sheet; refuses when the long sheet comes first, as it may be the statement", async () => {
    const after = await parseExcel(buildXmlWorkbook([statement("March"), overLong("Log")]));
    expect(after.statements[0]!.transactions).toHaveLength(3);
    expect(after.warnings[0]).toBe('Read the sheet "March".');
    const before = await unreadable(parseExcel(buildXmlWorkbook([overLong("All of 2024"), statement("March")])));
    expect(before.message).toBe(`${TOO_MANY_ROWS} ('All of 2024')`);
  });

  it("reads hidden statement sheets behind an overview whose formatting declares 130,000 empty rows", async () => {
    const empty = Array.from({ length: 130_000 }, (_, i) => `<row r="${i + 3}" ht="15" customHeight="1"/>`).join("");
    const overview = {
      name: "Overview",
      xml: Buffer.from(
        `<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Accounts 2024</t></is></c></row>${empty}</sheetData></worksheet>`,
      ),
    };
    const parsed = await parseExcel(buildXmlWorkbook([overview, { ...statement("March"), hidden: true }]));
    expect(parsed.statements[0]!.transactions).toHaveLength(3);
    expect(parsed.warnings[0]).toBe('Read the sheet "March".');
  }, 30_000);

  it("reads a statement whose sheet declares a million rows it does not fill (Targobank's export)", async () => {
    // <dimension ref="A1:C1048576"/> and an empty row element at the sheet's last row: 3 rows hold values.
    const xml = longStatementSheet(3)
      .toString()
      .replace("<sheetData>", '<dimension ref="A1:C1048576"/><sheetData>')
      .replace("</sheetData>", '<row r="1048576"/></sheetData>');
    const parsed = await parseExcel(buildXmlWorkbook([{ name: "Kto 3230108472", xml: Buffer.from(xml) }]));
    expect(parsed.statements[0]!.transactions).toHaveLength(3);
  });

  it("never drops a value far below the rest: read, or the sheet refused as too large", async () => {
    const row = (r: number) =>
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>2024-03-01</t></is></c><c r="B${r}" t="inlineStr"><is><t>FAR BELOW</t></is></c><c r="C${r}"><v>-7.00</v></c></row>`;
    for (const r of [120_002, 200_000]) {
      const xml = longStatementSheet(3)
        .toString()
        .replace("<sheetData>", `<dimension ref="A1:C${r}"/><sheetData>`)
        .replace("</sheetData>", `${row(r)}</sheetData>`);
      const book = buildXmlWorkbook([{ name: "Statement", xml: Buffer.from(xml) }]);
      const outcome = await parseExcel(book).then(
        (parsed) => parsed.statements[0]!.transactions.map((t) => t.description),
        (error: Error) => error.message,
      );
      expect(outcome, String(r)).toSatisfy(
        (value: unknown) => (Array.isArray(value) && value.includes("FAR BELOW")) || typeof value === "string",
      );
    }
  }, 30_000);

  it("looks at visible sheets first: a hidden long sheet does not stop a visible statement", async () => {
    const parsed = await parseExcel(buildXmlWorkbook([overLong("Data", true), statement("March")]));
    expect(parsed.statements[0]!.transactions).toHaveLength(3);
  });

  it("reads the sheet parse_options.sheet names, past a long one; refuses the long one named", async () => {
    const book = buildXmlWorkbook([overLong("Log"), statement("March")]);
    expect((await parseExcel(book, { sheet: "March" })).statements[0]!.transactions).toHaveLength(3);
    expect((await unreadable(parseExcel(book, { sheet: 0 }))).message).toBe(`${TOO_MANY_ROWS} (Log)`);
  });
});
