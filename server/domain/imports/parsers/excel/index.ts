export { parseExcel } from "./parse-excel";
export { NotASpreadsheetError } from "./errors";
