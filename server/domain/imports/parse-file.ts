import { AppError } from "../../errors";
import { detectFileType } from "./detect-type";
import { parseCamt } from "./parsers/camt";
import { parseCsv } from "./parsers/csv";
import { NotASpreadsheetError, parseExcel } from "./parsers/excel";
import { parseMt940 } from "./parsers/mt940";
import { parseOfx } from "./parsers/ofx";
import { currentCurrencyCode } from "./parsers/currency-codes";
import { parseQif } from "./parsers/qif";
import { StatementUnreadableError, type ParsedFile, type ParseOptions } from "./parsers/types";

/**
 * Reads a statement file of any supported type: the type comes from the content, then the
 * extension (CONTRACT "Imports"). 400 IMPORT_FILE_TYPE_UNSUPPORTED for anything else, 400
 * IMPORT_FILE_UNREADABLE (naming the line or cell) for a supported type that cannot be read.
 */
export async function parseStatementFile(bytes: Buffer, fileName: string, options: ParseOptions): Promise<ParsedFile> {
  return withCurrentCodes(await readStatementFile(bytes, fileName, options));
}

/** The file with every currency code as ISO names the currency today (a RUB account reads RUR rows). */
function withCurrentCodes(file: ParsedFile): ParsedFile {
  const current = (code: string | null) => (code === null ? null : currentCurrencyCode(code));
  for (const statement of file.statements) {
    statement.currencyCode = current(statement.currencyCode);
    for (const row of statement.transactions) row.currencyCode = current(row.currencyCode);
  }
  return file;
}

async function readStatementFile(bytes: Buffer, fileName: string, options: ParseOptions): Promise<ParsedFile> {
  const type = detectFileType(bytes, fileName);
  if (type === null) {
    throw new AppError(
      "IMPORT_FILE_TYPE_UNSUPPORTED",
      `${fileName || "The file"} is not a statement this service reads: upload CSV, Excel (.xlsx, .xls), OFX, QFX, MT940, CAMT.052/053/054 or QIF.`,
    );
  }
  try {
    switch (type) {
      case "csv":
        return parseCsv(bytes, options);
      case "xlsx":
      case "xls":
        try {
          return await parseExcel(bytes, options);
        } catch (error) {
          // Text saved under a spreadsheet name: read it as the CSV it is.
          if (error instanceof NotASpreadsheetError) return parseCsv(bytes, options);
          throw error;
        }
      case "ofx":
      case "qfx":
        return parseOfx(bytes, options, type);
      case "mt940":
        return parseMt940(bytes, options);
      case "camt":
        return parseCamt(bytes, options);
      case "qif":
        return parseQif(bytes, options);
    }
  } catch (error) {
    if (error instanceof StatementUnreadableError) {
      throw new AppError("IMPORT_FILE_UNREADABLE", `${fileName} could not be read: ${error.message}`);
    }
    throw error;
  }
}
