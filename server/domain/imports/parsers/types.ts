/**
 * What every statement parser returns (CSV, Excel, OFX/QFX, MT940, CAMT, QIF). Parsers are pure: a file's
 * bytes in, statements out; choosing the account, duplicates and storage happen elsewhere.
 */

export const STATEMENT_FILE_TYPES = ["csv", "xlsx", "xls", "ofx", "qfx", "mt940", "camt", "qif"] as const;
export type StatementFileType = (typeof STATEMENT_FILE_TYPES)[number];

/** How a file's amounts say which way money moved (CONTRACT "Imports"). */
export type AmountSemantics = "signed_debit_negative" | "signed_debit_positive" | "split_columns" | "indicator_column";

export interface ParsedTransaction {
  /** 1-based position of the transaction in the file (its order among the transactions). */
  row: number;
  /** Booking date as printed by the bank, YYYY-MM-DD (no timezone shifting). */
  date: string;
  valueDate: string | null;
  /** Signed from the account's point of view (money out is negative), full precision, e.g. "-12.30". */
  amount: string;
  /** ISO 4217 when the file says it (per row or per statement), else null. */
  currencyCode: string | null;
  description: string;
  counterparty: string | null;
  /** The bank's own id of the transaction: OFX FITID, MT940 bank reference; null when none. */
  externalId: string | null;
  /** Where it came from, for error messages and the preview: "line 14", "Sheet1!A7". */
  location: string;
  /** The category the file gives the row (QIF `L`), as written; absent when the format has none. */
  category?: string | null;
  /** The parts of a split transaction (QIF `S`/`E`/`$`); the row's amount is still the whole. */
  splits?: ParsedSplit[];
}

/** One part of a split transaction, as the file gives it. */
export interface ParsedSplit {
  category: string | null;
  memo: string | null;
  /** Signed like the transaction's amount. */
  amount: string;
}

export interface StatementBalance {
  amount: string;
  date: string;
}

export interface ParsedStatement {
  /** IBAN or account number as the file gives it, when it does. */
  accountIdentifier: string | null;
  /** The account's name when the file gives one (CAMT `Acct/Nm`, QIF `!Account` `N`), for a person to tell accounts apart. */
  accountName?: string | null;
  currencyCode: string | null;
  /**
   * True when the file does not say the currency and the reader's default (the import account's)
   * was written in its place, on the statement and its rows; absent or false when the file says it.
   */
  currencyAssumed?: boolean;
  openingBalance: StatementBalance | null;
  /** OFX LEDGERBAL, MT940 :62F:/:62M:, a CSV balance column's last value. */
  closingBalance: StatementBalance | null;
  transactions: ParsedTransaction[];
}

export interface ParsedFile {
  fileType: StatementFileType;
  /** A stable key of the recognised bank profile ("n26", "ing_de", "generic_csv"...), null when unknown. */
  bankKey: string | null;
  bankName: string | null;
  /** One per account (OFX may hold several accounts; MT940 several statements, merged per account). */
  statements: ParsedStatement[];
  /** The sign convention used, and whether it could not be told from the file (the user must choose). */
  amountSemantics: AmountSemantics | null;
  amountSemanticsRequired: boolean;
  /** Non-fatal oddities (skipped footer lines, unknown columns...). */
  warnings: string[];
  /** The options the file was read with, given or detected (echoed in the job's parse_options). */
  optionsUsed?: ParseOptionsUsed;
}

/** The column roles a person can name in `parse_options.columns` (API names). */
export const COLUMN_ROLE_OPTIONS = [
  "date",
  "value_date",
  "amount",
  "debit",
  "credit",
  "indicator",
  "description",
  "counterparty",
  "reference",
  "balance",
  "currency",
] as const;
export type ColumnRoleOption = (typeof COLUMN_ROLE_OPTIONS)[number];

/** A column as a person names it: its header text, or its 0-based position. */
export type ColumnRef = string | number;

/** Role -> column; `description` may name several columns, read in the order given. */
export type ColumnChoice = Partial<Record<ColumnRoleOption, ColumnRef | ColumnRef[]>>;

export type TableDelimiter = "," | ";" | "\t" | "|" | "~";
type DecimalSeparatorOption = "." | ",";

/**
 * How to read a file, each field given by the person (it wins over detection) or left out. The
 * table fields apply to CSV and Excel; `encoding` to text files (CSV, OFX 1.x, MT940).
 */
export interface ParseOptions {
  /** The user's choice when the file's sign convention is ambiguous. */
  amountSemantics?: AmountSemantics;
  /** The account's currency, for files that do not say (most CSVs). */
  defaultCurrencyCode?: string;
  /** A character encoding label ("windows-1251", "utf-16le", "cp850"). */
  encoding?: string;
  delimiter?: TableDelimiter;
  /** The 1-based row (of the file, or of the sheet) holding the column names; null: the table has none. */
  headerRow?: number | null;
  /** Rows at the top that are not part of the table (still searched for an account number and currency). */
  skipRows?: number;
  /** Tokens DD D MM M MMM YYYY YY, anything else literal: "DD.MM.YYYY", "MM/DD/YY", "YYYYMMDD". */
  dateFormat?: string;
  decimalSeparator?: DecimalSeparatorOption;
  columns?: ColumnChoice;
  /** Excel: the sheet's name, or its 0-based position in the workbook. */
  sheet?: string | number;
  /** The day the file is read (YYYY-MM-DD; today when absent): dates printed without a year are not later. */
  referenceDay?: string;
}

/**
 * What a file was read with: the person's options and the detected rest, so that a client can
 * correct one field and send the others back. Fields that do not apply to the file type are absent.
 */
export interface ParseOptionsUsed {
  encoding?: string;
  delimiter?: TableDelimiter;
  headerRow?: number | null;
  skipRows?: number;
  dateFormat?: string | null;
  decimalSeparator?: DecimalSeparatorOption | null;
  columns?: ColumnChoice;
  sheet?: string;
}

/** The file is of a known type but cannot be read; `location` names the line or cell. */
export class StatementUnreadableError extends Error {
  override name = "StatementUnreadableError";
  constructor(
    message: string,
    readonly location: string | null = null,
  ) {
    super(location ? `${message} (${location})` : message);
  }
}
