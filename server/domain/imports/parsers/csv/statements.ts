/**
 * Drafts to statements: one per currency (PayPal and DEGIRO keep a balance per currency), each
 * with its closing balance taken from the balance column.
 */
import Decimal from "decimal.js";
import type { ParsedStatement, ParsedTransaction, StatementBalance } from "../types";
import type { TransactionDraft } from "./rows";

export interface StatementContext {
  accountIdentifier: string | null;
  /** The draft's currency (resolved by the caller from column, header, preamble, symbol or default). */
  currencyOf: (draft: TransactionDraft) => string | null;
  /** True when the balance column holds the balance before each transaction (ASN). */
  balanceIsBefore: boolean;
  /** A closing balance printed as a line of its own, used when there is no balance column. */
  printedClosing: StatementBalance | null;
  /** The currency of a statement without transactions. */
  fallbackCurrency: string | null;
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
export function closingBalance(drafts: readonly TransactionDraft[], balanceIsBefore: boolean): StatementBalance | null {
  if (drafts.length === 0) return null;
  const first = drafts[0]?.date ?? "";
  const last = drafts[drafts.length - 1]?.date ?? "";
  const newestFirst = first > last;
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
  let amount = balanceIsBefore ? add(anchor.balance, anchor.amount) : anchor.balance;
  for (const later of ordered.slice(known + 1)) amount = add(amount, later.amount);
  return { amount, date: ordered[ordered.length - 1]?.date ?? anchor.date };
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
    location: `line ${draft.line}`,
  };
}

/** Groups drafts by currency (in order of first appearance); `row` stays the position in the whole file. */
export function buildStatements(drafts: readonly TransactionDraft[], context: StatementContext): ParsedStatement[] {
  const groups = new Map<string, { currency: string | null; items: Array<{ draft: TransactionDraft; row: number }> }>();
  drafts.forEach((draft, index) => {
    const currency = context.currencyOf(draft);
    const key = currency ?? "";
    const group = groups.get(key) ?? { currency, items: [] };
    group.items.push({ draft, row: index + 1 });
    groups.set(key, group);
  });
  // Rows without a currency join the only currency there is, if there is one.
  const unknown = groups.get("");
  if (unknown && groups.size === 2) {
    const [other] = [...groups.values()].filter((g) => g !== unknown);
    if (other) {
      other.items = [...other.items, ...unknown.items].sort((a, b) => a.row - b.row);
      groups.delete("");
    }
  }
  if (groups.size === 0) {
    const currencyCode = context.fallbackCurrency;
    return [{ accountIdentifier: context.accountIdentifier, currencyCode, openingBalance: null, closingBalance: null, transactions: [] }];
  }
  const printed = groups.size === 1 ? context.printedClosing : null;
  return [...groups.values()].map(({ currency, items }) => ({
    accountIdentifier: context.accountIdentifier,
    currencyCode: currency,
    openingBalance: null,
    closingBalance: closingBalance(
      items.map((i) => i.draft),
      context.balanceIsBefore,
    ) ?? printed,
    transactions: items.map(({ draft, row }) => toTransaction(draft, row, currency)),
  }));
}
