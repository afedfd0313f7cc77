/** Turns a sheet from the worker into the rows, locations and cell kinds a TableInterpreter reads. */
import { excelSerialToIsoDate } from "./serial-date";
import type { CellKind } from "./table";
import type { WorkerSheet } from "./run-worker";

export interface SheetTable {
  rows: string[][];
  locations: string[][];
  kinds: CellKind[][];
}

export function sheetToTable(sheet: WorkerSheet, date1904: boolean): SheetTable {
  const prefix = `${quoteSheetName(sheet.name)}!`;
  const columns = (sheet.texts[0] ?? []).map((_, c) => columnLetters(sheet.left + c));
  const rows: string[][] = [];
  const locations: string[][] = [];
  const kinds: CellKind[][] = [];
  sheet.texts.forEach((texts, r) => {
    const kindLetters = sheet.kinds[r] ?? "";
    const rowNumber = sheet.top + r + 1;
    const rowKinds: CellKind[] = [];
    const rowTexts = texts.map((text, c) => {
      const letter = kindLetters[c];
      if (letter === "d") {
        const day = excelSerialToIsoDate(Number(text), date1904);
        rowKinds.push(day ? "date" : "number");
        return day ?? text;
      }
      rowKinds.push(letter === "n" ? "number" : "text");
      return text;
    });
    rows.push(rowTexts);
    kinds.push(rowKinds);
    locations.push(columns.map((letters) => `${prefix}${letters}${rowNumber}`));
  });
  return { rows, locations, kinds };
}

/** Zero-based column index to Excel letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** As Excel writes references: Sheet1!A1, 'movimenti carta'!A1, 'It''s'!A1. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
