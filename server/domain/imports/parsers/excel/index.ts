export { parseExcel, EXCEL_FALLBACK_BANK_KEY, type ExcelParseOptions } from "./parse-excel";
export { NotASpreadsheetError } from "./errors";
export { defaultTableInterpreter } from "./default-interpreter";
export type { CellKind, TableInterpreter, TableInterpretOptions, TableInterpretation } from "./table";
