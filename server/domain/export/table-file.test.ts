import Papa from "papaparse";
import XLSX from "sheetjs-style";
import { describe, expect, it } from "vitest";
import { csvText, exportFileName, neutralised, tableFile, xlsxBytes, type ExportColumn } from "./table-file";

const COLUMNS: ExportColumn[] = [
  { name: "date", kind: "day" },
  { name: "amount", kind: "amount" },
  { name: "description", kind: "text" },
];

describe("neutralised", () => {
  it("puts an apostrophe before text a spreadsheet would run as a formula, and leaves other text", () => {
    for (const formula of ["=1+1", "+49 30", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd", '=HYPERLINK("x")']) {
      expect(neutralised(formula)).toBe(`'${formula}`);
    }
    for (const plain of ["REWE", "", " =1", "1=1", "Café", "'quoted"]) expect(neutralised(plain)).toBe(plain);
  });
});

describe("csvText", () => {
  it("writes RFC 4180 lines: quotes where needed, CRLF after every line, amounts and days as given", () => {
    const text = csvText(COLUMNS, [
      ["2026-11-02", "-12.50", 'Say "hi", then\nleave'],
      ["2026-11-03", "-0.99", "=cmd|' /C calc'!A0"],
      ["2026-11-04", null, null],
    ]);
    expect(text).toBe(
      'date,amount,description\r\n2026-11-02,-12.50,"Say ""hi"", then\nleave"\r\n' +
        "2026-11-03,-0.99,'=cmd|' /C calc'!A0\r\n2026-11-04,,\r\n",
    );
    // What a CSV reader gets back: the same cells.
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(parsed[1]).toEqual(["2026-11-02", "-12.50", 'Say "hi", then\nleave']);
    expect(csvText(COLUMNS, [])).toBe("date,amount,description\r\n");
  });
});

describe("xlsxBytes", () => {
  it("writes days as date cells, exact amounts as numbers with their places, text neutralised", () => {
    const bytes = xlsxBytes("Trans: actions/[1]", COLUMNS, [
      ["1900-03-01", "-12.50", "=1+1"],
      ["2026-05-02", "1234567890123456.78", "REWE"],
      ["2026-05-03", "-5", null],
    ]);
    const book = XLSX.read(bytes, { type: "array", cellNF: true });
    expect(book.SheetNames).toEqual(["Trans  actions  1 "]);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet.A2).toMatchObject({ t: "n", v: 61, z: "yyyy-mm-dd" });
    expect(sheet.A3).toMatchObject({ t: "n", v: 46144 });
    expect(sheet.B2).toMatchObject({ t: "n", v: -12.5, z: "0.00" });
    // Beyond 15 significant digits a number would change: the amount stays text.
    expect(sheet.B3).toMatchObject({ t: "s", v: "1234567890123456.78" });
    expect(sheet.B4).toMatchObject({ t: "n", v: -5, z: "0" });
    expect(sheet.C2).toMatchObject({ t: "s", v: "'=1+1" });
    expect(sheet.C4).toBeUndefined();
    expect(sheet["!ref"]).toBe("A1:C4");
  });

  it("writes the same table in either format through tableFile", () => {
    const csv = new TextDecoder().decode(tableFile("csv", "T", COLUMNS, [["2026-01-01", "1.00", "x"]]));
    expect(csv).toBe("date,amount,description\r\n2026-01-01,1.00,x\r\n");
    const book = XLSX.read(tableFile("xlsx", "T", COLUMNS, [["2026-01-01", "1.00", "x"]]), { type: "array" });
    expect(XLSX.utils.sheet_to_json(book.Sheets.T!, { raw: true })).toEqual([
      { date: 46023, amount: 1, description: "x" },
    ]);
  });
});

describe("exportFileName", () => {
  it("names the file by its words, the day and the format, in plain characters", () => {
    expect(exportFileName("Cash flow", "2026-11-28", "csv")).toBe("cash-flow-2026-11-28.csv");
    expect(exportFileName("Ausgaben / Übersicht", "2026-11-28", "xlsx")).toBe("ausgaben-ubersicht-2026-11-28.xlsx");
    expect(exportFileName("***", "2026-11-28", "csv")).toBe("export-2026-11-28.csv");
  });
});
