import Decimal from "decimal.js";
import { decodeText, withoutTrailingPadding } from "../csv/encoding";
import { MAX_FILE_TRANSACTIONS, tooManyTransactions } from "../limits";
import { dropRepeatedIds } from "../mt940/transactions";
import { decimalSeparatorOf, parseAmount, type DecimalSeparator } from "../numbers";
import { firstWarnings, skippedLineWarning } from "../skipped-line";
import {
  StatementUnreadableError,
  type ParsedFile,
  type ParsedSplit,
  type ParsedStatement,
  type ParsedTransaction,
  type ParseOptions,
} from "../types";
import { decideQifOrder, readQifDate, type DayMonthOrder, type OrderDecision } from "./dates";
import { qifSections, type QifRecord, type QifSection } from "./records";
import { accountNumberOf } from "../account-number";

/** Account types whose records are money moving in and out of one account. */
const BANK_TYPES = new Set(["bank", "cash", "ccard", "oth a", "oth l"]);
/** Investment accounts: trades, prices and holdings, not a bank statement. */
const INVESTMENT_TYPES = /^(invst|port|401\(k\)\/403\(b\)|mutual)/i;
/** Lists that describe the file's data (categories, classes, payees...) but hold no transactions. */
const LIST_TYPES = /^(cat|class|memorized|security|prices|tag|payee|template|budget)/i;

const typeKey = (type: string) => type.toLowerCase().replace(/\s+/g, " ").trim();

function field(record: QifRecord, code: string): string | null {
  const found = record.fields.find((candidate) => candidate.code === code);
  const value = found?.value.trim() ?? "";
  return value === "" ? null : value;
}

/** The decimal separator most of the file's amounts prove; "." when none proves one. */
function decimalSeparatorOfFile(sections: QifSection[]): DecimalSeparator {
  const votes = { ".": 0, ",": 0 };
  for (const section of sections) {
    for (const record of section.records) {
      for (const candidate of record.fields) {
        if (!["T", "U", "$"].includes(candidate.code)) continue;
        const separator = decimalSeparatorOf(candidate.value.trim());
        if (separator) votes[separator] += 1;
      }
    }
  }
  return votes[","] > votes["."] ? "," : ".";
}

function orderFromFormat(format: string | undefined): DayMonthOrder | null {
  if (!format) return null;
  const day = format.indexOf("D");
  const month = format.indexOf("M");
  if (day < 0 || month < 0) return null;
  return day < month ? "dmy" : "mdy";
}

function orderWarning(decision: OrderDecision): string | null {
  const read = decision.order === "dmy" ? "day first (DD/MM)" : "month first (MM/DD)";
  const other = decision.order === "dmy" ? "MM/DD/YYYY" : "DD/MM/YYYY";
  if (decision.reason === "assumed")
    return (
      `Every date of the file reads both day first and month first; they were read ${read}` +
      `${decision.order === "mdy" ? ", as Quicken writes them" : ", as dotted dates are written"}. ` +
      `If that is wrong, read the file again with parse_options.date_format "${other}".`
    );
  if (decision.reason === "sequence")
    return (
      `Every date of the file reads both day first and month first; they were read ${read}, the order in which ` +
      `consecutive rows lie closest together. If that is wrong, read the file again with parse_options.date_format "${other}".`
    );
  if (decision.conflicting)
    return `Some dates read only day first and others only month first; they were read ${read}, as most are.`;
  return null;
}

interface Group {
  statement: ParsedStatement;
}

/**
 * Reads a QIF file: the transactions of its bank, cash, card and other asset/liability accounts,
 * one statement per account (`!Account`). Investment accounts are left out, and a file holding
 * nothing else is refused naming its type; category, class and memorised lists are skipped.
 */
export function parseQif(bytes: Buffer, options: ParseOptions = {}): ParsedFile {
  const decoded = decodeText(bytes, options.encoding);
  const text = withoutTrailingPadding(decoded.text);
  if (text.trim() === "") throw new StatementUnreadableError("the file is empty");
  const sections = qifSections(text);
  if (sections.length === 0) throw new StatementUnreadableError("the file has no QIF header (!Type:Bank, !Account...)");

  const allBankSections = sections.filter((section) => BANK_TYPES.has(typeKey(section.type)));
  // A header with no record under it (KMyMoney writes "!Type:Bank" before its "!Account" block, then
  // again before the records) is no account of its own, when another one holds the records.
  const filled = allBankSections.filter((section) => section.records.length > 0);
  const bankSections = filled.length > 0 ? filled : allBankSections;
  const investment = sections.filter((section) => INVESTMENT_TYPES.test(section.type) && section.records.length > 0);
  const unknown = sections.filter(
    (section) =>
      !BANK_TYPES.has(typeKey(section.type)) &&
      !INVESTMENT_TYPES.test(section.type) &&
      !LIST_TYPES.test(section.type) &&
      section.records.length > 0,
  );
  const warnings: string[] = [];
  if (bankSections.every((section) => section.records.length === 0)) {
    if (investment.length > 0)
      throw new StatementUnreadableError(
        `investment statements are not supported: the file holds a QIF investment account (!Type:${investment[0]!.type})`,
        `line ${investment[0]!.line}`,
      );
    if (unknown.length > 0)
      throw new StatementUnreadableError(
        `the QIF account type !Type:${unknown[0]!.type} is not supported (only Bank, Cash, CCard, Oth A and Oth L)`,
        `line ${unknown[0]!.line}`,
      );
    if (bankSections.length === 0)
      throw new StatementUnreadableError(
        "the file holds no bank, cash or card account (!Type:Bank, Cash, CCard, Oth A or Oth L), only lists",
      );
  }
  for (const section of [...investment, ...unknown]) {
    const records = section.records.length === 1 ? "record" : `${section.records.length} records`;
    warnings.push(
      `The ${records} of !Type:${section.type} at line ${section.line}` +
        `${section.account?.name ? ` (account ${section.account.name})` : ""} ${section.records.length === 1 ? "was" : "were"} left out: ` +
        `${INVESTMENT_TYPES.test(section.type) ? "investment statements are not supported" : "that account type is not supported"}.`,
    );
  }

  const given = orderFromFormat(options.dateFormat);
  const decision: OrderDecision = given
    ? { order: given, reason: "given", conflicting: false }
    : decideQifOrder(
        bankSections.map((section) =>
          section.records.map((record) => field(record, "D")).filter((date): date is string => date !== null),
        ),
      );
  const orderNote = orderWarning(decision);
  if (orderNote) warnings.push(orderNote);
  const separator = decimalSeparatorOfFile(bankSections);
  const currency = options.defaultCurrencyCode ?? null;

  const groups = new Map<string, Group>();
  const skipped: string[] = [];
  let firstError: StatementUnreadableError | null = null;
  let count = 0;
  for (const section of bankSections) {
    const name = section.account?.name ?? null;
    const key = (name ?? "").toLowerCase();
    let group = groups.get(key);
    if (!group) {
      group = {
        statement: {
          accountIdentifier: accountNumberOf(name),
          accountName: name,
          currencyCode: currency,
          // QIF never says a currency: the reader's default stands in.
          currencyAssumed: currency !== null,
          openingBalance: null,
          closingBalance: null,
          transactions: [],
        },
      };
      groups.set(key, group);
    }
    for (const record of section.records) {
      try {
        const transaction = readRecord(record, decision.order, separator, currency);
        if (!transaction) continue;
        const statement = group.statement;
        if (statement.transactions.length === 0 && !statement.openingBalance && isOpeningBalance(transaction)) {
          // Quicken writes an account's opening balance as a first transfer to itself.
          statement.openingBalance = { amount: transaction.amount, date: transaction.date };
          continue;
        }
        count += 1;
        if (count > MAX_FILE_TRANSACTIONS) throw tooManyTransactions(transaction.location);
        statement.transactions.push(transaction);
      } catch (error) {
        if (!(error instanceof StatementUnreadableError) || count > MAX_FILE_TRANSACTIONS) throw error;
        firstError ??= error;
        skipped.push(skippedLineWarning(error, "the record was left out"));
      }
    }
  }
  const statements = [...groups.values()].map((group) => group.statement);
  if (firstError && count === 0) throw firstError;
  let row = 1;
  for (const statement of statements) {
    for (const transaction of statement.transactions) transaction.row = row++;
    dropRepeatedIds(statement.transactions, statement.accountName ?? statement.accountIdentifier, warnings);
  }
  return {
    fileType: "qif",
    bankKey: "qif",
    bankName: null,
    statements,
    // QIF amounts are signed from the account's side: money out is negative, for cards too.
    amountSemantics: "signed_debit_negative",
    amountSemanticsRequired: false,
    warnings: [...firstWarnings(skipped, "unreadable records"), ...warnings],
    optionsUsed: {
      encoding: decoded.encoding,
      ...(decision.reason !== "none" ? { dateFormat: decision.order === "dmy" ? "DD/MM/YYYY" : "MM/DD/YYYY" } : {}),
    },
  };
}

function isOpeningBalance(transaction: ParsedTransaction): boolean {
  return /^opening balance$/i.test(transaction.counterparty ?? "") && /^\[.*\]$/.test(transaction.category ?? "");
}

/** The split parts: each `S` starts one, `E` is its memo, `$` its amount. */
function splitsOf(record: QifRecord, separator: DecimalSeparator): ParsedSplit[] {
  const splits: Array<{ category: string | null; memo: string | null; amount: string | null }> = [];
  for (const candidate of record.fields) {
    const value = candidate.value.trim();
    if (candidate.code === "S") splits.push({ category: value || null, memo: null, amount: null });
    else if (candidate.code === "E" && splits.length > 0) splits[splits.length - 1]!.memo = value || null;
    else if (candidate.code === "$" && splits.length > 0)
      splits[splits.length - 1]!.amount = parseAmount(value, separator);
  }
  return splits.filter((split): split is ParsedSplit => split.amount !== null);
}

/** One record as a transaction; null for an empty record; throws when its date or amount cannot be read. */
function readRecord(
  record: QifRecord,
  order: DayMonthOrder,
  separator: DecimalSeparator,
  currency: string | null,
): ParsedTransaction | null {
  const location = `line ${record.line}`;
  const rawDate = field(record, "D");
  const rawAmount = field(record, "T") ?? field(record, "U");
  const splits = splitsOf(record, separator);
  if (rawDate === null && rawAmount === null && splits.length === 0) return null;
  if (rawDate === null) throw new StatementUnreadableError("the record has no date (D)", location);
  const date = readQifDate(rawDate, order);
  if (!date) throw new StatementUnreadableError(`the date "${rawDate}" cannot be read`, location);
  let amount = rawAmount === null ? null : parseAmount(rawAmount, separator);
  if (rawAmount === null && splits.length > 0) {
    amount = splits.reduce((sum, split) => sum.plus(split.amount), new Decimal(0)).toFixed();
  }
  if (amount === null)
    throw new StatementUnreadableError(
      rawAmount === null ? "the record has no amount (T)" : `the amount "${rawAmount}" cannot be read`,
      location,
    );
  const payee = field(record, "P");
  const memo = field(record, "M");
  const number = field(record, "N");
  const category = field(record, "L");
  return {
    row: 0,
    date,
    valueDate: null,
    amount,
    currencyCode: currency,
    description: memo ?? payee ?? "",
    counterparty: payee,
    // A cheque or reference number; words such as ATM, DEP or Transfer are kinds, not ids.
    externalId: number && /\d/.test(number) ? number : null,
    location,
    category: category === "--Split--" ? null : category,
    ...(splits.length > 0 ? { splits } : {}),
  };
}
