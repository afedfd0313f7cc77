/**
 * The booking date among the date columns, and the value date beside it: names first, then the
 * order the rows are listed in, then which column is never earlier than the other.
 */
import type { TableRecord } from "./cells";
import { isDateColumn, type ColumnFacts } from "./column-facts";
import { namedAs, release, type SettleInput } from "./column-claims";
import type { ColumnMap } from "./columns";
import { parseDate } from "./dates";
import { isBookingDateName } from "./headers";

/** Days of one column per sample row. */
function days(sample: readonly TableRecord[], index: number): Array<string | null> {
  return sample.map((record) => {
    const typed = record.typed?.[index];
    if (typed) return typed.amount === null ? typed.day : null;
    const text = (record.cells[index] ?? "").trim();
    return parseDate(text, "dmy") ?? parseDate(text, "mdy");
  });
}

function isSorted(values: ReadonlyArray<string | null>): boolean {
  const known = values.filter((v): v is string => v !== null);
  const rising = known.every((v, i) => i === 0 || v >= (known[i - 1] ?? v));
  const falling = known.every((v, i) => i === 0 || v <= (known[i - 1] ?? v));
  return rising || falling;
}

/** Statements are listed in booking order: the one of two date columns in order while the other is not. */
function inOrder(sample: readonly TableRecord[], a: number, b: number): number | null {
  const sortedA = isSorted(days(sample, a));
  const sortedB = isSorted(days(sample, b));
  return sortedA === sortedB ? null : sortedA ? a : b;
}

/** The column never earlier than the other and later at least once, or null when neither is. */
function neverEarlier(sample: readonly TableRecord[], a: number, b: number): number | null {
  const da = days(sample, a);
  const db = days(sample, b);
  let aLater = 0;
  let bLater = 0;
  da.forEach((x, i) => {
    const y = db[i];
    if (!x || !y) return;
    if (x > y) aLater++;
    else if (y > x) bLater++;
  });
  if (aLater > 0 && bLater === 0) return a;
  if (bLater > 0 && aLater === 0) return b;
  return null;
}

/**
 * The name of the day a card bill is due or debited ("当月お支払日", PayPay Card's, beside "利用日";
 * "引落日"; "Payment Due Date"): the same day on every row of the bill, never a row's booking or value
 * date. Not "支払日" alone, the day a payment was made in a list of payments.
 */
const DUE_DATE =
  /(?:^| )(?:payment )?due date(?: |$)|当月お?支払日|お?支払予定日|お?引落(?:予定)?日|引落し日|引き落とし日/;

function isDueDate(name: string | undefined): boolean {
  return name !== undefined && DUE_DATE.test(name);
}

/**
 * The booking date among the date columns filled on most rows: the one whose name means booking
 * (posting, execution), else the one never earlier than the other, else the one named as a date, else the first.
 */
export function settleDates(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  const { locked, names, sample } = input;
  if (locked.has("date")) return;
  const dateColumns = facts.filter(isDateColumn);
  // Every transaction has its booking date: a date column empty on most rows another one fills (Spiir's
  // "CustomDate", a date the person set on a few rows) is neither it nor the value date.
  const fullest = Math.max(0, ...dateColumns.map((f) => f.filled));
  const filled = dateColumns.filter((f) => f.filled * 2 >= fullest).map((f) => f.index);
  // A card bill's due date beside the day of each purchase is the bill's, not the row's.
  const dates = filled.some((i) => !isDueDate(names[i])) ? filled.filter((i) => !isDueDate(names[i])) : filled;
  if (dates.length === 0) return;
  const booking = dates.find((i) => isBookingDateName(names[i] ?? ""));
  // Names tell the dates apart when one column is named a date and every other one a value date.
  const plain = dates.filter((i) => !namedAs(names, i, "valueDate"));
  const named = plain.length === 1 && dates.length > 1 && namedAs(names, plain[0] ?? -1, "date") ? plain[0] : undefined;
  let chosen = booking ?? named ?? (dates.includes(map.date) ? map.date : null);
  if (booking === undefined && named === undefined && dates.length >= 2) {
    const [first, second] =
      chosen !== null ? [chosen, dates.find((i) => i !== chosen) ?? chosen] : [dates[0] ?? -1, dates[1] ?? -1];
    chosen = inOrder(sample, first, second) ?? neverEarlier(sample, first, second) ?? chosen ?? first;
  }
  chosen ??= dates[0] ?? -1;
  if (chosen !== map.date) {
    release(map, chosen);
    map.date = chosen;
  }
  if (
    !locked.has("valueDate") &&
    (map.valueDate === null || !dates.includes(map.valueDate) || map.valueDate === map.date)
  ) {
    const other = dates.filter((i) => i !== map.date);
    map.valueDate =
      other.find((i) => namedAs(names, i, "valueDate")) ?? (other.length === 1 ? (other[0] ?? null) : null);
  }
}
