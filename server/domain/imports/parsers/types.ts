/**
 * What every statement parser returns (CSV, Excel, OFX/QFX, MT940). Parsers are pure: a file's
 * bytes in, statements out; choosing the account, duplicates and storage happen elsewhere.
 */

export type StatementFileType = "csv" | "xlsx" | "xls" | "ofx" | "qfx" | "mt940";

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
}

export interface StatementBalance {
  amount: string;
  date: string;
}

export interface ParsedStatement {
  /** IBAN or account number as the file gives it, when it does. */
  accountIdentifier: string | null;
  currencyCode: string | null;
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
}

export interface ParseOptions {
  /** The user's choice when the file's sign convention is ambiguous. */
  amountSemantics?: AmountSemantics;
  /** The account's currency, for files that do not say (most CSVs). */
  defaultCurrencyCode?: string;
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
