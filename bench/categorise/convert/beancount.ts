/**
 * A beancount file to corpus rows, as `journal.ts` does for ledger: each transaction's Expenses / Income
 * postings are its category, the narration its description and the payee (when the transaction has
 * one apart from the narration) its counterparty. Metadata lines, tags, links, costs and prices are
 * read past; transactions that cannot be balanced (several commodities) are left out.
 *
 *   npx tsx bench/categorise/convert/beancount.ts <beancount file>... <corpus csv>
 */
import { readFileSync, writeFileSync } from "node:fs";
import Decimal from "decimal.js";
import { rowsToCsv } from "../corpus";
import { balanceAll, journalToRows, type Posting, type Transaction } from "./journal";

const HEADER = /^(\d{4})-(\d{2})-(\d{2})\s+(?:txn|[*!])\s*(.*)$/;
const METADATA = /^\s+[a-z][\w-]*:\s/;
const POSTING = /^\s+(?:[*!]\s+)?([A-Z][^\s;]*)(?:\s+([^;]*))?/;
const AMOUNT = /^([-+]?)\s*([\d,]*\.?\d+)\s+([A-Z][A-Z0-9'._-]*)/;

/** The quoted strings of a header line: [narration] or [payee, narration]. */
function quoted(rest: string): string[] {
  return [...rest.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? "").replace(/\\"/g, '"').trim());
}

function parsePosting(line: string): Posting | null {
  const match = POSTING.exec(line);
  if (!match) return null;
  const [, account = "", amountText = ""] = match;
  const amount = AMOUNT.exec(amountText.trim());
  if (!amount) return { account, amount: null, commodity: "" };
  const [, sign, digits = "", commodity = ""] = amount;
  return { account, amount: new Decimal((sign === "-" ? "-" : "") + digits.replaceAll(",", "")), commodity };
}

export function parseBeancount(text: string): Transaction[] {
  const transactions: Transaction[] = [];
  let current: Transaction | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = HEADER.exec(line);
    if (header) {
      const [, y, m, d, rest = ""] = header;
      const strings = quoted(rest);
      const narration = strings.length >= 2 ? (strings[1] ?? "") : (strings[0] ?? "");
      const payee = strings.length >= 2 ? (strings[0] ?? "") : "";
      // A transaction with a payee only (empty narration) reads the payee as its description.
      current = {
        date: `${y}-${m}-${d}`,
        payee: narration || payee,
        counterparty: narration ? payee : "",
        postings: [],
      };
      transactions.push(current);
    } else if (current && /^\s+\S/.test(line) && !/^\s+;/.test(line)) {
      if (METADATA.test(line)) continue;
      const posting = parsePosting(line);
      if (posting) current.postings.push(posting);
    } else if (!/^\s/.test(line)) {
      current = null;
    }
  }
  return balanceAll(transactions, true);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const output = args.pop();
  if (!output || args.length === 0) throw new Error("usage: beancount.ts <beancount file>... <corpus csv>");
  const rows = journalToRows(args.flatMap((file) => parseBeancount(readFileSync(file, "utf8"))));
  writeFileSync(output, rowsToCsv(rows));
  console.log(`${output}: ${rows.length} rows, ${new Set(rows.map((r) => r.category)).size} categories`);
}
