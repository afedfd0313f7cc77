/**
 * A row's signed amount, read the way the file says it: one signed column (either sign convention),
 * an unsigned column with a debit/credit mark beside it, or a debit and a credit column.
 */
import Decimal from "decimal.js";
import { StatementUnreadableError } from "../types";
import { cellAmount, cellLocation, type TableRecord } from "./cells";
import type { ColumnMap } from "./columns";
import { indicatorDirection } from "./debit-credit-marks";
import { absoluteAmount, type DecimalSeparator, negateAmount } from "./numbers";

export type AmountReading = "signed" | "signed_debit_positive" | "split" | "indicator";

/** How a row's amount cells are read. */
export interface AmountFormats {
  separators: {
    amount: DecimalSeparator;
    debit: DecimalSeparator;
    credit: DecimalSeparator;
    balance: DecimalSeparator;
  };
  reading: AmountReading;
  blankIndicator: "debit" | "credit" | null;
}

function readAmount(record: TableRecord, index: number | null, separator: DecimalSeparator): string {
  const value = cellAmount(record, index, separator);
  if (value === null)
    throw new StatementUnreadableError(
      `"${cellAt(record.cells, index)}" is not an amount`,
      cellLocation(record, index),
    );
  return value;
}

/** The cell of a column, "" for a column the file does not have. */
export function cellAt(cells: readonly string[], index: number | null): string {
  return index === null ? "" : (cells[index] ?? "");
}

/** The record's cells are trimmed. */
export function signedAmount(record: TableRecord, map: ColumnMap, formats: AmountFormats): string | null {
  const { reading, separators } = formats;
  const cells = record.cells;
  if (reading === "split") {
    const debit = cellAt(cells, map.debit);
    const credit = cellAt(cells, map.credit);
    if (debit === "" && credit === "") return null;
    const out = debit === "" ? "0" : absoluteAmount(readAmount(record, map.debit, separators.debit));
    const into = credit === "" ? "0" : absoluteAmount(readAmount(record, map.credit, separators.credit));
    if (/^[0.]*$/.test(out)) return into;
    if (/^[0.]*$/.test(into)) return negateAmount(out);
    // Both filled in: the row nets them.
    return new Decimal(into).minus(out).toFixed();
  }
  const text = cellAt(cells, map.amount);
  if (text === "") return null;
  const value = readAmount(record, map.amount, separators.amount);
  if (reading === "signed") return value;
  if (reading === "signed_debit_positive") return negateAmount(value);
  const marker = cellAt(cells, map.indicator);
  const blank = formats.blankIndicator === "credit" ? 1 : formats.blankIndicator === "debit" ? -1 : 0;
  const direction = marker === "" ? blank : indicatorDirection(marker);
  if (direction === 0) {
    if (marker === "") return value;
    throw new StatementUnreadableError(
      `The debit/credit mark "${marker}" cannot be read`,
      cellLocation(record, map.indicator),
    );
  }
  return direction > 0 ? absoluteAmount(value) : negateAmount(absoluteAmount(value));
}
