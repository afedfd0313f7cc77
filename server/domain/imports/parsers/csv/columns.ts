/**
 * Which column is which: from header names (see headers.ts), checked against the column's content,
 * or from content alone for files without a header row.
 */
import { isDateCell, isTyped, type TableRecord } from "./cells";
import { looksLikeDate, parseDate } from "./dates";
import { type ColumnRole, isCurrencyCell, isPartialMatch, normaliseHeader, rolesForName } from "./headers";
import { looksLikeAmount } from "./numbers";
import { indicatorDirection, isNeutralMark } from "./column-facts";
import type { FixedColumns } from "./column-choice";

export interface ColumnMap {
  date: number;
  valueDate: number | null;
  amount: number | null;
  debit: number | null;
  credit: number | null;
  indicator: number | null;
  balance: number | null;
  /** The balance column holds the balance before the row's transaction (ASN), not after it. */
  balanceIsBefore: boolean;
  currency: number | null;
  reference: number | null;
  counterparty: number | null;
  payer: number | null;
  payee: number | null;
  account: number | null;
  description: number[];
  type: number[];
  /** The category the file files the row under. */
  category: number | null;
}

/** A profile's choices, by normalised header name; null says "this file has no such column". */
export type ColumnOverrides = Partial<Record<ColumnRole, string | readonly string[] | null>>;

/** The roles one column at most fills (the date's absence is -1, the others' null). */
export const SINGLE_ROLES = [
  "date",
  "valueDate",
  "amount",
  "debit",
  "credit",
  "indicator",
  "balance",
  "balanceBefore",
  "currency",
  "reference",
  "counterparty",
  "payer",
  "payee",
  "account",
  "category",
] as const satisfies readonly ColumnRole[];
const MULTI_ROLES: readonly ColumnRole[] = ["description", "type"];
/**
 * The single roles whose column is an index or null in a ColumnMap: not the date (its absence is -1)
 * nor balanceBefore (the balance column with balanceIsBefore set).
 */
export const INDEX_ROLES = SINGLE_ROLES.filter(
  (role): role is Exclude<(typeof SINGLE_ROLES)[number], "date" | "balanceBefore"> =>
    role !== "date" && role !== "balanceBefore",
);

export { indicatorDirection } from "./column-facts";

/** Whether a sample's cells in one column hold what the column's name promises. */
type Check = (sample: readonly TableRecord[], index: number) => boolean;
type CellTest = (record: TableRecord, index: number) => boolean;

const mostly =
  (test: CellTest, share = 0.6): Check =>
  (sample, index) => {
    const filled = sample.filter((record) => (record.cells[index] ?? "").trim() !== "");
    return filled.length === 0 || filled.filter((record) => test(record, index)).length >= filled.length * share;
  };
const textOnly =
  (test: (value: string) => boolean): CellTest =>
  (record, index) =>
    !isTyped(record, index) && test(record.cells[index] ?? "");
const isDateShaped = textOnly(looksLikeDate);
const isAmount: CellTest = (record, index) => {
  const typed = record.typed?.[index];
  return typed ? typed.amount !== null : looksLikeAmount(record.cells[index] ?? "");
};
const isIndicator = textOnly((value) => indicatorDirection(value) !== 0 || isNeutralMark(value));

// A column found by its content alone needs a cell that is nothing but a date (a number may be an amount).
const someDates: Check = (sample, index) =>
  sample.some((record) => isDateCell(record, index) && !record.typed?.[index]?.amount);
// Date-shaped cells count too: a "31.02.2024" is then refused naming its line, not as a missing column.
const isDates = mostly((record, index) => isDateCell(record, index) || isDateShaped(record, index));
const isAmounts = mostly(isAmount);
const isCurrencies = mostly(textOnly(isCurrencyCell), 1);
const isIndicators: Check = (sample, index) =>
  sample.some((record) => !isPlaceholder(record.cells[index] ?? "")) && mostly(isIndicator, 0.9)(sample, index);

const CONTENT_CHECKS: Partial<Record<ColumnRole, Check>> = {
  date: isDates,
  valueDate: isDates,
  amount: isAmounts,
  debit: isAmounts,
  credit: isAmounts,
  balance: isAmounts,
  balanceBefore: isAmounts,
  currency: isCurrencies,
  indicator: isIndicators,
};

function emptyMap(): ColumnMap {
  return {
    date: -1,
    valueDate: null,
    amount: null,
    debit: null,
    credit: null,
    indicator: null,
    balance: null,
    balanceIsBefore: false,
    currency: null,
    reference: null,
    counterparty: null,
    payer: null,
    payee: null,
    account: null,
    description: [],
    type: [],
    category: null,
  };
}

function assign(map: ColumnMap, role: ColumnRole, index: number): void {
  if (role === "description" || role === "type") map[role].push(index);
  else if (role === "balanceBefore") {
    map.balance = index;
    map.balanceIsBefore = true;
  } else if (role === "date") map.date = index;
  else map[role] = index;
}

function isAssigned(map: ColumnMap, role: ColumnRole): boolean {
  if (role === "date") return map.date >= 0;
  if (role === "balanceBefore") return map.balance !== null;
  if (role === "description" || role === "type") return map[role].length > 0;
  return map[role] !== null;
}

/**
 * Maps columns from their header names. `sample` is a set of data rows used to check that a
 * column holds what its name promises (a "Valuta" column of dates is a value date, of codes a currency).
 */
export function mapColumnsByName(
  headers: readonly string[],
  sample: readonly TableRecord[],
  overrides: ColumnOverrides = {},
  fixed: FixedColumns = {},
): ColumnMap {
  const names = headers.map((h) => normaliseHeader(h).name);
  const map = emptyMap();
  const taken = new Set<number>();
  const settled = new Set<ColumnRole>();
  // A person's choice first: it wins over the names and over a bank profile.
  for (const [role, indexes] of Object.entries(fixed) as Array<[ColumnRole, number[]]>) {
    settled.add(role);
    for (const index of indexes) {
      assign(map, role, index);
      taken.add(index);
    }
  }

  for (const [role, wanted] of Object.entries(overrides) as Array<[ColumnRole, string | readonly string[] | null]>) {
    if (settled.has(role)) continue;
    settled.add(role);
    if (role === "balanceBefore" && wanted !== null) settled.add("balance");
    for (const name of wanted === null ? [] : typeof wanted === "string" ? [wanted] : wanted) {
      const index = names.indexOf(name);
      if (index >= 0) {
        assign(map, role, index);
        taken.add(index);
      }
    }
  }

  const candidates = names.flatMap((name, index) => rolesForName(name).map((c) => ({ ...c, index })));
  for (const role of [...SINGLE_ROLES, ...MULTI_ROLES]) {
    if (settled.has(role) || (role === "balanceBefore" && settled.has("balance"))) continue;
    const ranked = candidates
      .filter((c) => c.role === role && !taken.has(c.index))
      .sort((a, b) => a.priority - b.priority || a.index - b.index);
    for (const candidate of ranked) {
      if (role !== "description" && role !== "type" && isAssigned(map, role)) break;
      const check = CONTENT_CHECKS[role];
      if (check && !check(sample, candidate.index)) continue;
      assign(map, role, candidate.index);
      taken.add(candidate.index);
    }
  }
  // An amount column empty on every row beside debit and credit columns that are not (Deutsche Bank's
  // "Betrag" before "Soll" and "Haben"): the amounts are in those.
  const holdsSomething = (index: number | null) =>
    index !== null && sample.some((record) => !isPlaceholder(record.cells[index] ?? ""));
  if (!settled.has("amount") && map.amount !== null && !holdsSomething(map.amount)) {
    if (holdsSomething(map.debit) || holdsSomething(map.credit)) map.amount = null;
  }
  // Text columns read in file order, unless the profile chose an order.
  if (!settled.has("description")) map.description.sort((a, b) => a - b);
  if (!settled.has("type")) map.type.sort((a, b) => a - b);

  // A file with only a value date books on it; one with no named date column gets the first column of dates.
  if (map.date < 0 && map.valueDate !== null) map.date = map.valueDate;
  if (map.date < 0) {
    const index = names.findIndex((_, i) => !taken.has(i) && someDates(sample, i) && isDates(sample, i));
    if (index >= 0) map.date = index;
  }
  return map;
}

/** An empty cell, or one a bank fills with a dash or slash for "nothing here". */
function isPlaceholder(cell: string): boolean {
  return /^\s*(?:[-\u2013\u2014/]{1,2}|n\/?a)?\s*$/i.test(cell);
}

/**
 * Whether the header names contradict the cells under them: of the columns whose name promises
 * something the cells can show (dates, amounts, codes), at least two and a third hold something
 * else. A header shifted by a column, or one from another export, is then no guide at all.
 */
export function namesContradictContent(names: readonly string[], sample: readonly TableRecord[]): boolean {
  let kept = 0;
  let broken = 0;
  names.forEach((name, index) => {
    // Only a name that is a known phrase as a whole promises what its cells hold ("Currency Rate" only
    // holds the word "currency").
    const roles = rolesForName(name).filter(({ priority }) => !isPartialMatch(priority));
    const checks = roles.flatMap(({ role }) => CONTENT_CHECKS[role] ?? []);
    if (checks.length === 0) return;
    if (sample.every((r) => isPlaceholder(r.cells[index] ?? ""))) return;
    if (checks.some((check) => check(sample, index))) kept++;
    else broken++;
  });
  return broken >= 2 && broken * 2 >= kept;
}

/**
 * A header row's named roles, for telling a header from data (the more, the likelier): none for a row
 * holding a date or an amount, or naming no date or money column.
 */
export function headerRoles(cells: readonly string[]): ReadonlySet<ColumnRole> {
  const roles = new Set<ColumnRole>();
  // A header names columns: a cell holding a date or an amount with decimals makes the row data.
  if (
    cells.some(
      (cell) => parseDate(cell, "dmy") !== null || parseDate(cell, "mdy") !== null || /\d[.,]\d\d$/.test(cell.trim()),
    )
  )
    return roles;
  for (const cell of cells) {
    if (cell.trim() === "" || looksLikeAmount(cell) || looksLikeDate(cell)) continue;
    for (const { role } of rolesForName(normaliseHeader(cell).name)) roles.add(role);
  }
  const hasKey = [...roles].some(
    (r) => r === "date" || r === "valueDate" || r === "amount" || r === "debit" || r === "credit",
  );
  if (!hasKey) roles.clear();
  return roles;
}
