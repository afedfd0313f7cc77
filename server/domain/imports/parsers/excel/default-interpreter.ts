/**
 * The default TableInterpreter: finds the header row anywhere in the first rows, maps columns by
 * their names, reads every row below it, and settles the sign convention like the CSV rules do
 * (a signed column -> signed_debit_negative, debit/credit columns -> split_columns).
 */
import type Decimal from "decimal.js";
import type { AmountSemantics, ParsedTransaction, StatementBalance } from "../types";
import { formatAmount, inferDayMonthOrder, inferDecimalSeparator, type DecimalSeparator } from "./cell-values";
import { mapHeaderRow, type ColumnMap } from "./columns";
import { readAccountIdentifier, readPreambleCurrency, recogniseBank } from "./preamble";
import { readRow, type ColumnFormats, type RowValues, type TableCells } from "./row-reader";
import type { TableInterpretation, TableInterpretOptions, TableInterpreter } from "./table";

/** A header row further down than this is not looked for. */
const HEADER_SEARCH_ROWS = 100;
const CURRENCY_CODE = /^[A-Z]{3}$/;

export const defaultTableInterpreter: TableInterpreter = { interpret: interpretTable };

export function interpretTable(
  rows: string[][],
  locations: string[][],
  options: TableInterpretOptions,
): TableInterpretation | null {
  const table: TableCells = { rows, locations, kinds: options.cellKinds };
  const header = findHeaderRow(table);
  if (!header) return null;
  const { index: headerIndex, columns } = header;
  const warnings: string[] = [];
  const body = rows.map((_, r) => r).slice(headerIndex + 1);
  const formats = inferFormats(table, body, columns, warnings);

  const read: RowValues[] = [];
  const skipped = { no_date: [] as string[], no_amount: [] as string[] };
  for (const r of body) {
    const reading = readRow(table, r, columns, formats);
    if (reading === null) continue;
    if ("skipped" in reading) skipped[reading.skipped].push(reading.location);
    else read.push(reading);
  }
  if (skipped.no_date.length) warnings.push(skippedWarning(skipped.no_date, "without a date"));
  if (skipped.no_amount.length) warnings.push(skippedWarning(skipped.no_amount, "without an amount"));

  const headerCells = rows[headerIndex] ?? [];
  const preambleRows = rows.slice(0, headerIndex);
  const { semantics, required, signed } = settleSemantics(columns, read, options, warnings);
  const amounts = read.map(signed);
  const statementCurrency = readPreambleCurrency(preambleRows) ?? sharedCurrency(read);
  const externalIds = uniqueIds(read, columns.externalId === null ? "" : (headerCells[columns.externalId] ?? ""), warnings);

  const transactions: ParsedTransaction[] = read.map((row, i) => ({
    row: i + 1,
    date: row.date,
    valueDate: row.valueDate,
    amount: formatAmount(amounts[i]!),
    currencyCode: row.currency ?? statementCurrency ?? options.defaultCurrencyCode ?? null,
    description: row.description,
    counterparty: row.counterparty,
    externalId: externalIds[i] ?? null,
    location: row.location,
  }));
  if (transactions.length === 0) warnings.push("The table has a header row but no transactions.");
  const bank = recogniseBank(headerCells, preambleRows);
  return {
    bankKey: bank?.key ?? options.fallbackBankKey,
    bankName: bank?.name ?? null,
    statements: [
      {
        accountIdentifier: readAccountIdentifier(preambleRows),
        currencyCode: statementCurrency ?? options.defaultCurrencyCode ?? null,
        openingBalance: null,
        closingBalance: columns.balance === null ? null : closingBalance(read, amounts, warnings),
        transactions,
      },
    ],
    amountSemantics: semantics,
    amountSemanticsRequired: required,
    warnings,
  };
}

function findHeaderRow(table: TableCells): { index: number; columns: ColumnMap } | null {
  const last = Math.min(table.rows.length, HEADER_SEARCH_ROWS);
  for (let r = 0; r < last; r++) {
    const cells = table.rows[r] ?? [];
    if (cells.filter((cell) => cell.trim() !== "").length < 2) continue;
    const columns = mapHeaderRow(cells, (c) => (table.kinds?.[r]?.[c] ?? "text") === "text");
    if (columns) return { index: r, columns: reconcileByContent(table, r, columns) };
  }
  return null;
}

/** "Valuta" is a currency in Dutch and a value date in Italian: the cells below decide. */
function reconcileByContent(table: TableCells, headerIndex: number, columns: ColumnMap): ColumnMap {
  const values = (c: number): string[] =>
    table.rows.slice(headerIndex + 1, headerIndex + 51).map((row) => (row[c] ?? "").trim()).filter((v) => v !== "");
  const mostlyCodes = (c: number): boolean => {
    const cells = values(c);
    return cells.length > 0 && cells.filter((v) => CURRENCY_CODE.test(v)).length * 2 >= cells.length;
  };
  const result = { ...columns };
  if (result.valueDate !== null && result.currency === null && mostlyCodes(result.valueDate)) {
    [result.currency, result.valueDate] = [result.valueDate, null];
  }
  if (result.currency !== null && !mostlyCodes(result.currency)) result.currency = null;
  return result;
}

function inferFormats(table: TableCells, body: number[], columns: ColumnMap, warnings: string[]): ColumnFormats {
  const texts = (c: number | null): string[] =>
    c === null ? [] : body.filter((r) => (table.kinds?.[r]?.[c] ?? "text") === "text").map((r) => table.rows[r]?.[c] ?? "");
  const dates = inferDayMonthOrder([...texts(columns.date), ...texts(columns.valueDate)]);
  if (dates.ambiguous) {
    warnings.push("Dates such as 01/04/20 could be day/month or month/day; they were read as day/month.");
  }
  const decimals = new Map<number, DecimalSeparator>();
  for (const c of [columns.amount, columns.debit, columns.credit, columns.balance]) {
    if (c !== null) decimals.set(c, inferDecimalSeparator(texts(c)));
  }
  return { dayMonthOrder: dates.order, decimals };
}

interface Semantics {
  semantics: AmountSemantics;
  required: boolean;
  signed: (row: RowValues) => Decimal;
}

function settleSemantics(columns: ColumnMap, rows: RowValues[], options: TableInterpretOptions, warnings: string[]): Semantics {
  const chosen = options.amountSemantics;
  const ignoreChoice = (detected: AmountSemantics): void => {
    if (chosen && chosen !== detected) warnings.push(`The file's amounts are ${detected}; amount_semantics ${chosen} was not applied.`);
  };
  if (columns.debit !== null) {
    ignoreChoice("split_columns");
    return { semantics: "split_columns", required: false, signed: (row) => row.amount };
  }
  if (columns.indicator !== null) {
    ignoreChoice("indicator_column");
    return {
      semantics: "indicator_column",
      required: false,
      signed: (row) => (row.indicatesDebit ? row.amount.abs().negated() : row.amount.abs()),
    };
  }
  if (chosen === "signed_debit_positive") return { semantics: chosen, required: false, signed: (row) => row.amount.negated() };
  if (chosen === "signed_debit_negative") return { semantics: chosen, required: false, signed: (row) => row.amount };
  ignoreChoice("signed_debit_negative");
  // Only positive amounts: a card statement listing spending as positive, or an account that only
  // received money. The file cannot tell; the user must choose.
  const required = !chosen && rows.some((row) => row.amount.isPositive() && !row.amount.isZero()) &&
    rows.every((row) => !row.amount.isNegative() || row.amount.isZero());
  if (required) warnings.push("Every amount is positive, so the file does not tell money out from money in.");
  return { semantics: "signed_debit_negative", required, signed: (row) => row.amount };
}

/** The one currency every row that names a currency agrees on. */
function sharedCurrency(rows: RowValues[]): string | null {
  const codes = new Set(rows.flatMap((row) => (row.currency ? [row.currency] : [])));
  return codes.size === 1 ? [...codes][0]! : null;
}

/** Bank ids are only trusted when no two rows share one (anonymised exports repeat them). */
function uniqueIds(rows: RowValues[], header: string, warnings: string[]): (string | null)[] {
  const ids = rows.map((row) => row.externalId);
  const filled = ids.filter((id): id is string => id !== null);
  if (filled.length === 0) return ids;
  if (new Set(filled).size === filled.length) return ids;
  warnings.push(`The column "${header}" repeats values, so it was not used as the bank's transaction id.`);
  return ids.map(() => null);
}

/**
 * The balance after the latest row, when the balance column adds up with the amounts in file
 * order (oldest first or newest first); otherwise none, with a warning.
 */
function closingBalance(rows: RowValues[], amounts: Decimal[], warnings: string[]): StatementBalance | null {
  const balances = rows.map((row) => row.balance);
  if (rows.length === 0 || balances.some((balance) => balance === null)) return null;
  const newestFirst = rows[0]!.date > rows[rows.length - 1]!.date;
  for (let i = 1; i < rows.length; i++) {
    const [older, newer] = newestFirst ? [i, i - 1] : [i - 1, i];
    if (!balances[older]!.plus(amounts[newer]!).equals(balances[newer]!)) {
      warnings.push(`The balance column does not add up with the amounts (${rows[i]!.location}); no closing balance was taken.`);
      return null;
    }
  }
  const latest = newestFirst ? 0 : rows.length - 1;
  return { amount: formatAmount(balances[latest]!), date: rows[latest]!.date };
}

function skippedWarning(locations: string[], why: string): string {
  const shown = locations.slice(0, 5).join(", ");
  const more = locations.length > 5 ? ` and ${locations.length - 5} more` : "";
  return `Skipped ${locations.length} row${locations.length === 1 ? "" : "s"} ${why}: ${shown}${more}.`;
}

