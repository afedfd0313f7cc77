/**
 * Drafts to statements: one per currency when the file keeps a running balance (PayPal and DEGIRO
 * keep one per currency), else one; each with its closing balance taken from the balance column.
 */
import Decimal from "decimal.js";
import type { ParsedStatement, ParsedTransaction, StatementBalance } from "../types";
import { accountNumberOf } from "../account-number";
import type { TransactionDraft } from "./rows";

/** A balance printed as a line of its own, with the currency its line names (null: none). */
export interface PrintedBalance {
  balance: StatementBalance;
  currency: string | null;
}

export interface StatementContext {
  accountIdentifier: string | null;
  /**
   * The file holds several accounts (an app's or a broker's export, each row's in an account column):
   * one statement per account and currency, each with its account's name (and number when it is one).
   */
  severalAccounts?: boolean;
  /** The currency the draft's row names (column, header, preamble, profile or symbol), null when none. */
  currencyOf: (draft: TransactionDraft) => string | null;
  /** The account's currency, for rows that name none when the other rows do not name a single one. */
  defaultCurrency: string | null;
  /** The file has a balance column: a running balance is kept per currency, so each currency is a statement. */
  balancePerCurrency: boolean;
  /** True when the balance column holds the balance before each transaction (ASN). */
  balanceIsBefore: boolean;
  /** Closing balances printed as lines of their own, used when there is no balance column. */
  printedClosings: readonly PrintedBalance[];
  /** Opening balances printed as lines of their own: the earliest of the statement's currency is its opening balance. */
  printedOpenings?: readonly PrintedBalance[];
  /**
   * Totals printed as lines of their own ("Saldo", Banco do Brasil's "S A L D O" under its rows): the
   * latest one the opening balance and the rows come to exactly is the closing balance, when nothing
   * else gives one. A sum of the rows alone, or of some of them, comes to another figure.
   */
  printedTotals?: readonly PrintedBalance[];
  /** The currency of a statement without transactions, or with rows in several currencies. */
  fallbackCurrency: string | null;
  /** The file says its currency (a header, the preamble, a bank profile), not only its rows. */
  currencyStated: boolean;
}

export interface BuiltStatements {
  statements: ParsedStatement[];
  warnings: string[];
}

function scale(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
}

function add(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed(Math.max(scale(a), scale(b)));
}

/** "YYYY-MM-DD" days in calendar order (plain string order, much cheaper than localeCompare). */
function compareDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The balance after the latest-dated transaction. Same-day rows keep the file's order (read
 * backwards when the file lists newest first); when the latest rows carry no balance, the last
 * printed balance is carried forward by their amounts.
 */
function closingBalance(drafts: readonly TransactionDraft[], balanceIsBefore: boolean): StatementBalance | null {
  // Without a balance on any row there is nothing to anchor on: no need to order the rows.
  if (!drafts.some((draft) => draft.balance != null)) return null;
  const first = drafts[0]?.date ?? "";
  const last = drafts[drafts.length - 1]?.date ?? "";
  const newestFirst = first === last ? balancesRunBackwards(drafts, balanceIsBefore) : first > last;
  const ordered = drafts
    .map((draft, index) => ({ draft, index }))
    .sort((a, b) => compareDays(a.draft.date, b.draft.date) || (newestFirst ? b.index - a.index : a.index - b.index))
    .map(({ draft }) => draft);
  let known = -1;
  for (let i = ordered.length - 1; i >= 0; i--) {
    if (ordered[i]?.balance != null) {
      known = i;
      break;
    }
  }
  const anchor = ordered[known];
  if (!anchor?.balance) return null;
  let amount = balanceIsBefore && !balancesFollowRows(ordered) ? add(anchor.balance, anchor.amount) : anchor.balance;
  for (const later of ordered.slice(known + 1)) amount = add(amount, later.amount);
  return { amount, date: ordered[ordered.length - 1]?.date ?? anchor.date };
}

/**
 * True when more of the rows' balances, in time order, are the one before moved by the row's own
 * amount (a balance after its row) than by the row's before it (a balance before its row). The
 * column's proof tells the two apart on the file's amounts as first read: on a file of money out alone
 * (Bank Cler's), "oldest first, before the row" with positive amounts is "newest first, after the row"
 * with the amounts as spending, so the final amounts and the dates decide.
 */
function balancesFollowRows(ordered: readonly TransactionDraft[]): boolean {
  let after = 0;
  let before = 0;
  for (let i = 1; i < ordered.length; i++) {
    const balance = ordered[i]!.balance;
    const previous = ordered[i - 1]!;
    if (balance == null || previous.balance == null) continue;
    if (new Decimal(previous.balance).plus(ordered[i]!.amount).equals(balance)) after++;
    if (new Decimal(previous.balance).plus(previous.amount).equals(balance)) before++;
  }
  return after > before;
}

/**
 * For a file whose first and last rows share a day (every row of one day, say), the order its
 * dates cannot tell: true when more printed balances step backwards in time down the file
 * (Handelsbanken's newest-first rows: 1017.4, then 779.4 after -238 above it) than forwards. Each
 * balance is compared with the previous printed one, moved by the amounts of the rows between.
 */
function balancesRunBackwards(drafts: readonly TransactionDraft[], balanceIsBefore: boolean): boolean {
  let forwards = 0;
  let backwards = 0;
  let previous = -1;
  for (let index = 0; index < drafts.length; index++) {
    const balance = drafts[index]!.balance;
    if (balance == null) continue;
    if (previous >= 0) {
      // Oldest first, a balance after its row is the previous one moved by the rows after it, up to
      // and with this one; newest first, the previous one is this one moved by the rows above it, with the previous row.
      // A balance before its row shifts both ranges by one row.
      const shift = balanceIsBefore ? 1 : 0;
      const down = sumAmounts(drafts, previous + 1 - shift, index + 1 - shift);
      const up = sumAmounts(drafts, previous + shift, index + shift);
      if (new Decimal(drafts[previous]!.balance!).plus(down).equals(balance)) forwards++;
      if (new Decimal(balance).plus(up).equals(drafts[previous]!.balance!)) backwards++;
    }
    previous = index;
  }
  return backwards > forwards;
}

/** The amounts of drafts[from..to), as one decimal. */
function sumAmounts(drafts: readonly TransactionDraft[], from: number, to: number): Decimal {
  let sum = new Decimal(0);
  for (let index = from; index < to; index++) sum = sum.plus(drafts[index]!.amount);
  return sum;
}

const isZero = (amount: string) => /^-?[0.]*$/.test(amount);

/** The one value of a set, else null. */
const single = <T>(values: Set<T>): T | null => (values.size === 1 ? ([...values][0] ?? null) : null);

/** A balance column left at zero on every row while money moves (UOB's export) holds no balance. */
function balancesLeftAtZero(drafts: readonly TransactionDraft[]): boolean {
  const printed = drafts.filter((draft) => draft.balance !== null);
  const moves = drafts.some((draft) => !isZero(draft.amount));
  return moves && printed.length > 1 && printed.every((draft) => isZero(draft.balance ?? ""));
}

function toTransaction(draft: TransactionDraft, row: number, currencyCode: string | null): ParsedTransaction {
  return {
    row,
    date: draft.date,
    valueDate: draft.valueDate,
    amount: draft.amount,
    currencyCode,
    description: draft.description,
    counterparty: draft.counterparty,
    externalId: draft.externalId,
    location: draft.location,
    ...(draft.category === undefined ? {} : { category: draft.category }),
  };
}

/** The latest total the opening balance and the rows' amounts come to, as the closing balance; null when none does. */
function provenTotal(
  opening: StatementBalance,
  group: readonly TransactionDraft[],
  totals: readonly PrintedBalance[],
): StatementBalance | null {
  if (totals.length === 0) return null;
  let sum = new Decimal(opening.amount);
  for (const draft of group) sum = sum.plus(draft.amount);
  return totals.findLast((total) => sum.equals(total.balance.amount))?.balance ?? null;
}

/** Groups drafts into statements; `row` stays the position in the whole file. */
export function buildStatements(drafts: readonly TransactionDraft[], context: StatementContext): BuiltStatements {
  const named = drafts.map(context.currencyOf);
  const distinct = new Set(named.filter((code) => code !== null));
  // Rows that name no currency join the only one the others name, else take the account's.
  const unnamed = single(distinct) ?? context.defaultCurrency;
  const currencies = named.map((code) => code ?? unnamed);
  // Each group holds the drafts' positions in the file (row = position + 1).
  const groups = new Map<string | null, number[]>();
  const perCurrency = context.balancePerCurrency || context.severalAccounts === true;
  drafts.forEach((draft, index) => {
    const currencyKey = perCurrency ? (currencies[index] ?? null) : null;
    const key = context.severalAccounts ? `${draft.account ?? ""}\u0000${currencyKey ?? ""}` : currencyKey;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  if (groups.size === 0) groups.set(null, []);
  // A printed closing balance is a statement's when its line names the statement's currency, or
  // names none and the file has one statement (Swedbank prints one per currency: LTL, then EUR).
  // A balance printed on a line of its own says no account of several.
  const fits = (currencyCode: string | null) => (printed: PrintedBalance) =>
    printed.currency === null || currencyCode === null ? groups.size === 1 : printed.currency === currencyCode;
  const printedFor = (currencyCode: string | null) =>
    context.severalAccounts ? null : (context.printedClosings.findLast(fits(currencyCode))?.balance ?? null);
  // An opening balance is the earliest printed (a file of several periods prints one for each, newest first or not).
  const openingFor = (currencyCode: string | null) => {
    if (context.severalAccounts) return null;
    const fit = fits(currencyCode);
    let earliest: StatementBalance | null = null;
    for (const printed of context.printedOpenings ?? [])
      if (fit(printed) && (!earliest || printed.balance.date < earliest.date)) earliest = printed.balance;
    return earliest;
  };
  const warnings: string[] = [];
  const statements = [...groups.values()].map((indexes) => {
    const group = indexes.map((index) => drafts[index]!);
    const own = new Set(indexes.map((index) => currencies[index] ?? null));
    const stale = balancesLeftAtZero(group);
    if (stale)
      warnings.push("The balance column is zero on every row while money moves; no closing balance was taken from it");
    const currencyCode = single(own) ?? context.fallbackCurrency;
    // Nothing in the file names a currency: the account's was written in (the routing and the summary treat it as unknown).
    const assumed = distinct.size === 0 && !context.currencyStated && currencyCode !== null;
    const account = context.severalAccounts ? (group[0]?.account ?? null) : null;
    const opening = openingFor(currencyCode);
    const closing = (stale ? null : closingBalance(group, context.balanceIsBefore)) ?? printedFor(currencyCode);
    return {
      accountIdentifier: context.severalAccounts ? accountNumberOf(account) : context.accountIdentifier,
      ...(context.severalAccounts ? { accountName: account } : {}),
      currencyCode,
      ...(assumed ? { currencyAssumed: true } : {}),
      openingBalance: opening,
      closingBalance:
        closing ??
        (opening && !context.severalAccounts
          ? provenTotal(opening, group, (context.printedTotals ?? []).filter(fits(currencyCode)))
          : null),
      transactions: indexes.map((index) => toTransaction(drafts[index]!, index + 1, currencies[index] ?? null)),
    };
  });
  return { statements, warnings };
}
