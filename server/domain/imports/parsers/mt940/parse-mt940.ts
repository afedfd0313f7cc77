import Decimal from "decimal.js";
import { unbalancedStatementWarning } from "../balance-check";
import { firstWarnings, skippedLineWarning } from "../skipped-line";
import { StatementUnreadableError, type ParsedFile, type ParsedStatement, type ParseOptions } from "../types";
import type { Mt940Balance } from "./amounts";
import { detectMt940Bank } from "./banks";
import { mt940Fields } from "./fields";
import { mt940Source } from "./lines";
import { readStatements, type RawStatement, type SkippedLine } from "./statements";
import { dropRepeatedIds, toParsedTransaction } from "./transactions";

export { looksLikeMt940 } from "./lines";

/** :25: as the file gives it, without the currency some banks append ("NL34RABO0142623393 EUR"). */
function accountIdentifier(raw: string | null, currency: string | null): string | null {
  let text = raw?.replace(/\s+/g, " ").trim() ?? "";
  const suffix = currency ? new RegExp(`^(.*\\d)\\s*${currency}$`).exec(text) : null;
  if (suffix) text = suffix[1]!.trim();
  return text || null;
}

function balanceOf(balance: Mt940Balance | null) {
  return balance ? { amount: balance.amount, date: balance.date } : null;
}

interface AccountGroup {
  statement: ParsedStatement;
  lastClosing: Mt940Balance | null;
}

/**
 * Reads an MT940 file: every message (:20: ... :62F:), merged per account and currency into one
 * ParsedStatement in file order (opening balance of the first message, closing balance of the
 * last one that has one); different accounts stay separate statements.
 */
export function parseMt940(bytes: Buffer, options: ParseOptions = {}): ParsedFile {
  const source = mt940Source(bytes, options.encoding);
  const { items, outside } = mt940Fields(source.lines);
  const { statements: raws, skipped } = readStatements(items);
  if (raws.length === 0)
    throw new StatementUnreadableError("the file holds no MT940 statement (no :20: or :25: field)");
  const firstSkippedEntry = skipped.find((line) => line.kind === "transaction");
  if (firstSkippedEntry && raws.every((raw) => raw.transactions.length === 0)) throw firstSkippedEntry.error;
  const lastLine = source.lines.findLast((line) => line.text.trim() !== "")?.number ?? source.lines.length;
  const last = raws[raws.length - 1]!;
  if (!last.closingWritten && !last.ended && !last.interim) {
    throw new StatementUnreadableError(
      `the file ends inside the statement that starts at line ${last.line}, before its closing balance :62F:; it looks truncated`,
      `line ${lastLine}`,
    );
  }

  const warnings = firstWarnings(skipped.map(skippedWarning), "unreadable lines");
  const groups = new Map<string, AccountGroup>();
  const unbalanced: string[] = [];
  let row = 1;
  let pending = 0;
  for (const raw of raws) {
    if (raw.interim) {
      // An MT942 interim report lists entries before they are booked; the day's MT940 books them.
      pending += raw.transactions.length;
      continue;
    }
    const currency = raw.opening?.currencyCode ?? raw.closing?.currencyCode ?? options.defaultCurrencyCode ?? null;
    const account = accountIdentifier(raw.account, currency);
    const key = `${(account ?? "").replace(/[\s./-]/g, "").toUpperCase()}|${currency ?? ""}`;
    let group = groups.get(key);
    if (!group) {
      const statement: ParsedStatement = {
        accountIdentifier: account,
        currencyCode: currency,
        currencyAssumed: !raw.opening?.currencyCode && !raw.closing?.currencyCode && currency !== null,
        openingBalance: balanceOf(raw.opening),
        closingBalance: null,
        transactions: [],
      };
      group = { statement, lastClosing: null };
      groups.set(key, group);
    } else {
      warnIfNotChained(group, raw, account, warnings);
    }
    if (raw.closing || raw.closingWritten) {
      // An unreadable :62F: leaves the closing balance empty (its warning says why).
      group.statement.closingBalance = balanceOf(raw.closing);
    } else {
      const kept = group.statement.closingBalance;
      warnings.push(
        `The statement starting at line ${raw.line} (account ${account ?? "(no number)"}) has no closing balance :62F:` +
          (kept ? `; the closing balance is the one of ${kept.date}.` : "."),
      );
    }
    group.lastClosing = raw.closing;
    const gap = unbalancedStatementWarning(
      `The statement starting at line ${raw.line} (account ${account ?? "(no number)"})`,
      balanceOf(raw.opening),
      raw.transactions.map((transaction) => transaction.line.amount),
      balanceOf(raw.closing),
    );
    if (gap) unbalanced.push(gap);
    for (const transaction of raw.transactions)
      group.statement.transactions.push(toParsedTransaction(transaction, row++, currency));
  }
  warnings.push(...firstWarnings(unbalanced, "statements that do not add up"));
  const statements = [...groups.values()].map((group) => group.statement);
  if (statements.length === 0) {
    throw new StatementUnreadableError(
      `the file is an interim report (MT942) of ${pending} ${pending === 1 ? "entry that is" : "entries that are"} not booked yet; import the bank's MT940 statement`,
    );
  }
  if (pending > 0)
    warnings.push(
      `${pending} not yet booked ${pending === 1 ? "entry" : "entries"} of an interim report (MT942) left out.`,
    );
  for (const statement of statements) dropRepeatedIds(statement.transactions, statement.accountIdentifier, warnings);

  const bank = detectMt940Bank({
    headerBics: source.headerBics,
    outside,
    accounts: statements.map((statement) => statement.accountIdentifier ?? ""),
    references: raws.map((raw) => raw.reference ?? ""),
  });
  return {
    fileType: "mt940",
    bankKey: bank.bankKey,
    bankName: bank.bankName,
    statements,
    // MT940 marks each amount C or D; the amounts above are signed from that mark.
    amountSemantics: "indicator_column",
    amountSemanticsRequired: false,
    warnings,
    optionsUsed: { encoding: source.encoding },
  };
}

function skippedWarning({ kind, error }: SkippedLine): string {
  return skippedLineWarning(
    error,
    kind === "transaction" ? "the line was left out" : `the ${kind} balance is left empty`,
  );
}

/** Consecutive statements of an account should chain: each opens with the previous closing balance. */
function warnIfNotChained(group: AccountGroup, raw: RawStatement, account: string | null, warnings: string[]): void {
  const previous = group.lastClosing;
  if (!previous || !raw.opening || new Decimal(previous.amount).eq(raw.opening.amount)) return;
  warnings.push(
    `The statement starting at line ${raw.line} (account ${account ?? "(no number)"}) opens with ${raw.opening.amount}, ` +
      `but the one before closed with ${previous.amount}.`,
  );
}
