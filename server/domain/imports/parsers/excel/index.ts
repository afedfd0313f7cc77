export { parseExcel, EXCEL_FALLBACK_BANK_KEY, type ExcelParseOptions } from "./parse-excel";
export { NotASpreadsheetError } from "./errors";
