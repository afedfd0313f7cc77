/**
 * How much one statement file may hold (docs/imports.md "Limits"). Each parser counts as it reads
 * and stops at the cap, so a 10 MiB file of tiny rows never becomes a million rows in memory.
 */
import { StatementUnreadableError } from "./types";

/** Transactions one file may hold; years of a busy account, far below what a 10 MiB upload can carry. */
export const MAX_FILE_TRANSACTIONS = 100_000;

/** Lines of a CSV (rows of a sheet) read beyond the cap for headers, footers, blank and continuation lines. */
const TABLE_MARGIN_ROWS = 20_000;

/** The most lines of a CSV, or rows of a sheet, that are read. */
export const MAX_TABLE_ROWS = MAX_FILE_TRANSACTIONS + TABLE_MARGIN_ROWS;

const SPLIT_IT = `split it into files of at most ${MAX_FILE_TRANSACTIONS.toLocaleString("en-US")} transactions (e.g. one per year) and import each`;

/** The file is refused when it holds more than MAX_FILE_TRANSACTIONS. */
export function tooManyTransactions(location: string | null = null): StatementUnreadableError {
  return new StatementUnreadableError(
    `the file holds more than ${MAX_FILE_TRANSACTIONS.toLocaleString("en-US")} transactions; ${SPLIT_IT}`,
    location,
  );
}

/** A table longer than MAX_TABLE_ROWS was not read to its end, so it is refused even when the rows read held fewer transactions. */
export function tooManyRows(what: "lines" | "rows", location: string | null = null): StatementUnreadableError {
  return new StatementUnreadableError(
    `the file holds more than ${MAX_TABLE_ROWS.toLocaleString("en-US")} ${what}, more than a file of at most ` +
      `${MAX_FILE_TRANSACTIONS.toLocaleString("en-US")} transactions may; ${SPLIT_IT}`,
    location,
  );
}
