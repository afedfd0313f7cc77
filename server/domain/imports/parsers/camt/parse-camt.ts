import Decimal from "decimal.js";
import { MAX_FILE_TRANSACTIONS, tooManyTransactions } from "../limits";
import { dropRepeatedIds } from "../mt940/transactions";
import { unbalancedStatementWarning } from "../balance-check";
import { firstWarnings, skippedLineWarning } from "../skipped-line";
import {
  StatementUnreadableError,
  type ParsedFile,
  type ParsedStatement,
  type ParseOptions,
  type StatementBalance,
} from "../types";
import { decodeXml } from "./decode";
import { isoDate } from "../dates";
import { amountOf, dateOf, readEntry, signed, UNDATED, type CamtTransaction } from "./entries";
import { at, childrenNamed, streamCamt, textAt, type XmlElement } from "./xml";

/** Balance codes in the order they are taken: the booked balance, else its fallback. */
const OPENING_CODES = ["OPBD", "PRCD"];

interface StatementHead {
  account: string | null;
  accountName: string | null;
  currency: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /**
   * The booked entries must carry the opening balance to the closing one: when that is the booked
   * balance (CLBD; the available one, CLAV, holds may lower) and every balance is in one currency.
   */
  closingReached: boolean;
  bankName: string | null;
  /** The last day the statement covers: its period's end (FrToDt/ToDtTm), else its latest balance's day. */
  lastDay: string | null;
}

interface Group {
  statement: ParsedStatement;
  /** The closing balance of the last statement merged in, to check that the next one chains. */
  lastClosing: StatementBalance | null;
}

function balanceOf(balances: XmlElement[], codes: string[], warnings: string[]): StatementBalance | null {
  for (const code of codes) {
    const balance = balances.find(
      (candidate) =>
        (textAt(candidate, "Tp", "CdOrPrtry", "Cd") ?? textAt(candidate, "Tp", "CdOrPrtry", "Prtry"))?.toUpperCase() ===
        code,
    );
    if (!balance) continue;
    const location = `line ${balance.line}`;
    try {
      const read = amountOf(at(balance, "Amt"), location);
      const date = dateOf(at(balance, "Dt"));
      if (!read || !date) throw new StatementUnreadableError(`the balance ${code} has no amount or date`, location);
      const indicator = textAt(balance, "CdtDbtInd");
      // A balance written without its indicator (the Bank of Lithuania's camt.053.001.08) is in credit, as
      // a balance is unless it says otherwise; said, since the schema asks for the indicator.
      if (indicator === null) {
        warnings.push(`The balance ${code} has no credit/debit indicator and was read as in credit (${location}).`);
        return { amount: read.amount, date };
      }
      return { amount: signed(read.amount, indicator, location), date };
    } catch (error) {
      if (!(error instanceof StatementUnreadableError)) throw error;
      warnings.push(skippedLineWarning(error, `the balance ${code} is left empty`));
    }
  }
  return null;
}

/** The day an ISO date-time names as written ("2024-04-11T23:59:59+02:00" -> 2024-04-11). */
function dayOfTimestamp(text: string | null): string | null {
  const found = text ? /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim()) : null;
  return found ? isoDate(Number(found[1]), Number(found[2]), Number(found[3])) : null;
}

function headOf(statement: XmlElement, warnings: string[]): StatementHead {
  const account = at(statement, "Acct");
  const balances = childrenNamed(statement, "Bal");
  const opening = balanceOf(balances, OPENING_CODES, warnings);
  const booked = balanceOf(balances, ["CLBD"], warnings);
  const closing = booked ?? balanceOf(balances, ["CLAV"], warnings);
  const balanceCurrencies = balances.map((balance) => at(balance, "Amt")?.attributes.Ccy?.trim().toUpperCase());
  const balanceCurrency = balanceCurrencies.find(Boolean) ?? null;
  return {
    // IBAN, else another number (Othr from version 02 on; PrtryAcct or BBAN in version 01).
    account:
      textAt(account, "Id", "IBAN") ??
      textAt(account, "Id", "Othr", "Id") ??
      textAt(account, "Id", "PrtryAcct", "Id") ??
      textAt(account, "Id", "BBAN"),
    accountName: textAt(account, "Nm") ?? textAt(account, "Ownr", "Nm"),
    currency: textAt(account, "Ccy")?.toUpperCase() ?? balanceCurrency,
    opening,
    closing,
    closingReached: booked !== null && new Set(balanceCurrencies.filter(Boolean)).size <= 1,
    bankName: textAt(account, "Svcr", "FinInstnId", "Nm") ?? textAt(account, "Svcr", "FinInstnId", "NmAndAdr", "Nm"),
    lastDay:
      dayOfTimestamp(textAt(statement, "FrToDt", "ToDtTm")) ??
      balances
        .map((balance) => dateOf(at(balance, "Dt")))
        .reduce<string | null>((latest, day) => (day && (!latest || day > latest) ? day : latest), null),
  };
}

const CAMT_NAMESPACE = /camt\.05[234]\.001\.\d{2}/;

/**
 * Reads an ISO 20022 CAMT.053 statement, CAMT.052 report or CAMT.054 notification (any version):
 * booked entries as transactions, one statement per account and currency in file order (several
 * statements of one account are merged: the opening balance of the first, the closing balance of
 * the last).
 */
export function parseCamt(bytes: Buffer, options: ParseOptions = {}): ParsedFile {
  const { text, encoding } = decodeXml(bytes, options.encoding);
  if (text.trim() === "") throw new StatementUnreadableError("the file is empty");
  const warnings: string[] = [];
  const skipped: string[] = [];
  const unbalanced: string[] = [];
  let firstError: StatementUnreadableError | null = null;
  const pending = new Map<string, number>();
  const groups = new Map<string, Group>();
  let transactionsRead = 0;
  let bankName: string | null = null;
  let current: CamtTransaction[] = [];

  /**
   * Entries with neither a booking nor a value date (a payment system's statement of one day) take
   * the day of the statement's closing balance, else of its period's end, else of its latest
   * balance, and a warning says so; without any, they are left out as unreadable.
   */
  const withStatementDay = (rows: CamtTransaction[], head: StatementHead, line: number): CamtTransaction[] => {
    const undated = rows.filter((row) => row.date === UNDATED);
    if (undated.length === 0) return rows;
    const day = head.closing?.date ?? head.lastDay;
    if (day === null) {
      for (const row of undated) {
        const error = new StatementUnreadableError(
          "the entry has no booking date (BookgDt) that can be read",
          row.location,
        );
        firstError ??= error;
        skipped.push(skippedLineWarning(error, "the entry was left out"));
      }
      return rows.filter((row) => row.date !== UNDATED);
    }
    for (const row of undated) row.date = day;
    warnings.push(
      `${undated.length} ${undated.length === 1 ? "entry" : "entries"} of the statement at line ${line} ` +
        `${undated.length === 1 ? "gives" : "give"} no booking or value date and ${undated.length === 1 ? "was" : "were"} dated ${day}, the statement's day.`,
    );
    return rows;
  };

  const result = streamCamt(text, {
    entry(entry) {
      try {
        const reading = readEntry(entry);
        if (reading.kind === "pending") {
          pending.set(reading.status, (pending.get(reading.status) ?? 0) + 1);
          return;
        }
        if (reading.warning) warnings.push(reading.warning);
        transactionsRead += reading.transactions.length;
        if (transactionsRead > MAX_FILE_TRANSACTIONS) throw tooManyTransactions(`line ${entry.line}`);
        current.push(...reading.transactions);
      } catch (error) {
        if (!(error instanceof StatementUnreadableError) || transactionsRead > MAX_FILE_TRANSACTIONS) throw error;
        firstError ??= error;
        skipped.push(skippedLineWarning(error, "the entry was left out"));
      }
    },
    statement(element) {
      const head = headOf(element, warnings);
      bankName ??= head.bankName;
      const currency =
        head.currency ?? current.find((row) => row.currencyCode)?.currencyCode ?? options.defaultCurrencyCode ?? null;
      const key = `${(head.account ?? "").replace(/[\s./-]/g, "").toUpperCase()}|${currency ?? ""}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          statement: {
            accountIdentifier: head.account,
            accountName: head.accountName,
            currencyCode: currency,
            currencyAssumed: !head.currency && !current.some((row) => row.currencyCode) && currency !== null,
            openingBalance: head.opening,
            closingBalance: null,
            transactions: [],
          },
          lastClosing: null,
        };
        groups.set(key, group);
      } else if (group.lastClosing && head.opening && !new Decimal(group.lastClosing.amount).eq(head.opening.amount)) {
        warnings.push(
          `The statement at line ${element.line} (account ${head.account ?? "(no number)"}) opens with ${head.opening.amount}, ` +
            `but the one before closed with ${group.lastClosing.amount}.`,
        );
      }
      if (head.closing) group.statement.closingBalance = head.closing;
      group.lastClosing = head.closing;
      const gap = unbalancedStatementWarning(
        `The statement at line ${element.line} (account ${head.account ?? "(no number)"})`,
        head.opening,
        current.map((row) => row.amount),
        head.closingReached && current.every((row) => !row.currencyCode || row.currencyCode === currency)
          ? head.closing
          : null,
      );
      if (gap) unbalanced.push(gap);
      current = withStatementDay(current, head, element.line);
      for (const row of current) {
        group.statement.transactions.push({ row: 0, ...row, currencyCode: row.currencyCode ?? currency });
      }
      current = [];
    },
  });

  if (result.message === null) {
    const namespace = result.namespaces.find((uri) => /urn:iso:std:iso:20022/.test(uri));
    throw new StatementUnreadableError(
      namespace && !CAMT_NAMESPACE.test(namespace)
        ? `the XML is an ISO 20022 message (${namespace}) but not a CAMT.052/053/054 bank statement`
        : `the XML file (root element ${result.rootName ?? "none"}) is not a CAMT.052/053/054 bank statement`,
    );
  }
  const statements = [...groups.values()].map((group) => group.statement);
  if (statements.length === 0)
    throw new StatementUnreadableError("the CAMT file holds no statement (Stmt, Rpt or Ntfctn)");
  const booked = statements.reduce((count, statement) => count + statement.transactions.length, 0);
  if (firstError && booked === 0 && pending.size === 0) throw firstError;

  let row = 1;
  for (const statement of statements) {
    for (const transaction of statement.transactions) transaction.row = row++;
    dropRepeatedIds(statement.transactions, statement.accountIdentifier, warnings);
  }
  const pendingCount = [...pending.values()].reduce((sum, count) => sum + count, 0);
  if (pendingCount > 0) {
    const statuses = [...pending.keys()].join(", ");
    warnings.push(
      `${pendingCount} ${pendingCount === 1 ? "entry" : "entries"} not booked yet (status ${statuses}) left out.`,
    );
  }
  return {
    fileType: "camt",
    bankKey: `camt${result.message}`,
    bankName,
    statements,
    // Every CAMT amount is unsigned with a CRDT/DBIT indicator.
    amountSemantics: "indicator_column",
    amountSemanticsRequired: false,
    warnings: [
      ...firstWarnings(skipped, "unreadable entries"),
      ...warnings,
      ...firstWarnings(unbalanced, "statements that do not add up"),
    ],
    optionsUsed: { encoding },
  };
}
