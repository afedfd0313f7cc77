/**
 * The seam between reading a spreadsheet and understanding its table. The Excel reader turns the
 * chosen sheet into rows of cell strings; a TableInterpreter finds the header row and the columns
 * and builds the statement. The default one lives in default-interpreter.ts; the CSV module's
 * column logic can replace it by implementing this interface.
 */
import type { ParseOptions, ParsedFile } from "../types";

/**
 * How the source typed a cell. Absent (CSV) means every cell is text.
 * - "number": the string is canonical: "." as decimal point, no grouping, maybe an exponent.
 * - "date": the string is the day as YYYY-MM-DD (the spreadsheet held a date-formatted serial).
 */
export type CellKind = "text" | "number" | "date";

export interface TableInterpretOptions extends ParseOptions {
  /** Parallel to rows; absent means all text. */
  cellKinds?: CellKind[][];
  /** The bankKey when no known bank's layout is recognised ("generic_excel", "generic_csv"). */
  fallbackBankKey: string;
}

/** A ParsedFile without its fileType, which only the reader of the bytes knows. */
export type TableInterpretation = Omit<ParsedFile, "fileType">;

export interface TableInterpreter {
  /**
   * `rows[r][c]` is a cell's text, `locations[r][c]` where it came from ("Sheet1!B7", "line 7").
   * Returns null when the rows hold no transaction table (no header row with a date column and
   * an amount or debit/credit columns); throws StatementUnreadableError naming the cell when a
   * table cell cannot be read.
   */
  interpret(rows: string[][], locations: string[][], options: TableInterpretOptions): TableInterpretation | null;
}
