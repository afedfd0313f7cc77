/**
 * The bytes are text (CSV or similar), not a workbook, whatever the file's name says. The caller
 * catches this and hands the same bytes to the CSV parser.
 */
export class NotASpreadsheetError extends Error {
  override name = "NotASpreadsheetError";
  readonly suggestedParser = "csv" as const;
  constructor() {
    super("the file holds text (CSV), not a spreadsheet: read it with the CSV parser");
  }
}
