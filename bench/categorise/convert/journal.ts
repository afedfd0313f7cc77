/**
 * A ledger / hledger journal to corpus rows: each transaction's expense or income postings are its
 * category (one row per category, amounts of a category summed), the payee line its description,
 * the other posting (the person's own account) its account. Transactions without such a posting
 * (transfers between own accounts) and those touching Equity (opening balances) are dropped.
 *
 *   npx tsx bench/categorise/convert/journal.ts <journal file> <corpus csv>
 */
import { readFileSync, writeFileSync } from "node:fs";
import Decimal from "decimal.js";
import { rowsToCsv, type LabelledRow } from "../corpus";

export type Posting = { account: string; amount: Decimal | null; commodity: string };
/** One journal transaction; `counterparty` is the payee when the journal keeps it apart from the description (beancount). */
export type Transaction = { date: string; payee: string; counterparty?: string; postings: Posting[] };

const CATEGORY_ACCOUNT = /^(expenses?|income|revenues?)(:|$)/i;
const OPENING_ACCOUNT = /^equity(:|$)/i;
const TRANSACTION_LINE = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:=\S+)?\s+(?:[*!]\s*)?(?:\([^)]*\)\s*)?(.*)$/;

/** "$1,173.15", "$-20.00", "-$5", "12.50 EUR", "EUR -3": the number (comma thousands) and its commodity. */
function parseAmount(text: string): { amount: Decimal; commodity: string } | null {
  const cleaned = text.replace(/\s*[;@={].*$/, "").trim(); // comments, prices, costs and balance assertions
  if (cleaned === "") return null; // a balance assignment ("= 1200 EUR") states no amount of its own
  const match = /^(-?)\s*([^\d\s.,-]*)\s*(-?)\s*([\d,]*\.?\d+)\s*([^\d\s.,-]*)$/.exec(cleaned);
  if (!match) return null;
  const [, sign1, before, sign2, digits = "", after] = match;
  const negative = sign1 === "-" || sign2 === "-";
  return { amount: new Decimal((negative ? "-" : "") + digits.replaceAll(",", "")), commodity: before || after || "" };
}

/** Account and amount are parted by two spaces or a tab; virtual postings "(a)" and "[a]" are left out. */
function parsePosting(line: string): Posting | null {
  const body = line.trim().replace(/(\s{2,}|\t);.*$/, "");
  const [account = "", amountText = ""] = body.split(/\s{2,}|\t/).filter((p) => p !== "");
  if (account === "" || /^[([]/.test(account)) return null;
  if (amountText === "") return { account, amount: null, commodity: "" };
  const parsed = parseAmount(amountText);
  if (!parsed) {
    if (/^\s*=/.test(amountText)) return { account, amount: null, commodity: "" };
    throw new Error(`cannot read the amount in: ${line}`);
  }
  return { account, ...parsed };
}

/**
 * Every transaction of a ledger / hledger journal. With `lenient`, a transaction that cannot be balanced
 * (two elided amounts, several commodities: investments, currency exchanges) is left out instead of failing.
 */
export function parseJournal(text: string, { lenient = false } = {}): Transaction[] {
  const transactions: Transaction[] = [];
  let current: Transaction | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = TRANSACTION_LINE.exec(line);
    if (header) {
      const [, y, m, d, rest = ""] = header;
      const payee = rest.replace(/(\s{2,}|\t);.*$/, "").trim();
      current = { date: `${y}-${m?.padStart(2, "0")}-${d?.padStart(2, "0")}`, payee, postings: [] };
      transactions.push(current);
    } else if (current && /^\s+[^\s;]/.test(line)) {
      const posting = parsePosting(line);
      if (posting) current.postings.push(posting);
    } else if (!/^\s/.test(line)) {
      current = null; // a directive, a comment or a blank line ends the transaction
    }
  }
  return balanceAll(transactions, lenient);
}

/** Each transaction with its elided amount filled in; with `lenient`, those that cannot be balanced are dropped. */
export function balanceAll(transactions: readonly Transaction[], lenient: boolean): Transaction[] {
  const balanced: Transaction[] = [];
  for (const t of transactions) {
    try {
      balanced.push(inferElidedAmount(t));
    } catch (error) {
      if (!lenient) throw error;
    }
  }
  return balanced;
}

/** One posting may leave its amount out: it balances the others (one commodity only). */
function inferElidedAmount(t: Transaction): Transaction {
  const elided = t.postings.filter((p) => p.amount === null);
  if (elided.length === 0) return t;
  const stated = t.postings.filter((p) => p.amount !== null);
  const commodities = new Set(stated.map((p) => p.commodity));
  if (elided.length > 1 || commodities.size > 1) throw new Error(`${t.date} ${t.payee}: cannot balance`);
  const rest = stated.reduce((sum, p) => sum.plus(p.amount ?? 0), new Decimal(0)).negated();
  return {
    ...t,
    postings: t.postings.map((p) =>
      p.amount === null ? { ...p, amount: rest, commodity: [...commodities][0] ?? "" } : p,
    ),
  };
}

export function journalToRows(transactions: readonly Transaction[]): LabelledRow[] {
  const rows: LabelledRow[] = [];
  for (const t of transactions) {
    if (t.postings.some((p) => OPENING_ACCOUNT.test(p.account))) continue;
    const own = t.postings.find((p) => !CATEGORY_ACCOUNT.test(p.account));
    const byCategory = new Map<string, Decimal>();
    for (const p of t.postings) {
      if (CATEGORY_ACCOUNT.test(p.account))
        byCategory.set(p.account, (byCategory.get(p.account) ?? new Decimal(0)).plus(p.amount ?? 0));
    }
    for (const [category, sum] of byCategory) {
      // An expense posting is money out of the person's accounts: the row's amount is its negation.
      rows.push({
        date: t.date,
        description: t.payee,
        counterparty: t.counterparty ?? "",
        amount: sum.negated().toFixed(Math.max(2, sum.decimalPlaces())),
        account: own?.account ?? "",
        category,
      });
    }
  }
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error("usage: journal.ts <journal file> <corpus csv>");
  const rows = journalToRows(parseJournal(readFileSync(input, "utf8")));
  writeFileSync(output, rowsToCsv(rows));
  console.log(`${output}: ${rows.length} rows, ${new Set(rows.map((r) => r.category)).size} categories`);
}
