import {
  StatementUnreadableError,
  type ParsedStatement,
  type ParsedTransaction,
  type StatementBalance,
} from "../types";
import { summaryKind } from "../csv/summary-lines";
import { firstWarnings, skippedLineWarning } from "../skipped-line";
import { ofxAmount } from "./amounts";
import { ofxDay } from "./dates";
import { childOf, descendantsOf, firstOf, leafElement, leafOf, type OfxElement } from "./tree";

export interface ExtractedStatements {
  statements: ParsedStatement[];
  /** Investment statements without cash transactions, which cannot be imported: where they are. */
  refusedInvestments: OfxElement[];
  /** Why each unreadable STMTTRN was left out, in file order. */
  unreadable: StatementUnreadableError[];
  warnings: string[];
}

interface Context {
  defaultCurrencyCode: string | null;
  nextRow: number;
  unreadable: StatementUnreadableError[];
  /** Entries not booked yet: STMTTRNP (pending list) and TRNTYPE HOLD. */
  pending: number;
  /** Entries that state a balance ("SALDO DIA"), and the first one's text. */
  balanceLines: number;
  balanceExample: string | null;
  warnings: string[];
}

const STATEMENT_NAMES = new Set(["STMTRS", "CCSTMTRS", "INVSTMTRS"]);

function statementElements(node: OfxElement, found: OfxElement[] = []): OfxElement[] {
  for (const child of node.children) {
    if (STATEMENT_NAMES.has(child.name) && child.text === null) found.push(child);
    else statementElements(child, found);
  }
  return found;
}

/** Whitespace runs (fixed-width padding in bank exports) become one space. */
function clean(value: string | null): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text : null;
}

/** Marks of how a card paid that some banks put in NAME in place of the payee: "CB" (carte bancaire), "CARTE", "VISA". */
const CARD_WORDS = /\b(?:cb|carte|card|visa|mastercard|mc|pos|ec|achat)\b/giu;

/**
 * Whether an OFX NAME names the payee: some letters are left once digits, masked card numbers
 * (****6516, XXXX1234) and card words are taken out. "130722 CB****6516" names no one.
 */
function namesSomeone(name: string): boolean {
  const rest = name
    .replace(/[*xX]{2,}\d*/g, " ")
    .replace(/\d+/g, " ")
    .replace(CARD_WORDS, " ");
  return /\p{L}{2,}/u.test(rest);
}

/**
 * The payment's kind before the name, as French banks write NAME ("VIR INST Hugo CAILLOL", "PRLV SEPA
 * HOMESERVE", "EVI POLE EMPLOI": a transfer, a direct debit, a transfer's issue), or a cheque's kind
 * alone ("CHEQUE"): not the other party's name.
 */
const KIND_CODE =
  /^(?:VIR(?:EMENT)?(?: SEPA| INST(?:ANTANE)?)?|PRLV(?: SEPA)?|PRELEVEMENT(?: SEPA)?|EVI|REM(?:ISE)? CHQ)\s+/i;
const CHEQUE_KIND = /^(?:CHEQUE|CHQ|CHECK|SCHECK|ASSEGNO|CHEQUE N°?)$/i;

/** The name without a payment kind's code before it (KIND_CODE); null for a cheque's kind alone. */
function withoutKindCode(name: string): string | null {
  if (CHEQUE_KIND.test(name)) return null;
  const code = KIND_CODE.exec(name);
  const rest = code ? name.slice(code[0].length) : name;
  return /\p{L}/u.test(rest) ? rest : name;
}

function at(element: OfxElement): string {
  return `line ${element.line}`;
}

/** Every bank, credit-card and investment statement of the file, in file order. */
export function extractStatements(root: OfxElement, defaultCurrencyCode: string | null): ExtractedStatements {
  const context: Context = {
    defaultCurrencyCode,
    nextRow: 1,
    unreadable: [],
    pending: 0,
    balanceLines: 0,
    balanceExample: null,
    warnings: [],
  };
  const statements: ParsedStatement[] = [];
  const refusedInvestments: OfxElement[] = [];
  for (const element of statementElements(root)) {
    if (element.name === "INVSTMTRS") {
      const cash = investmentStatement(element, context);
      if (cash) statements.push(cash);
      else refusedInvestments.push(element);
    } else {
      statements.push(bankStatement(element, context));
    }
  }
  const unreadable = context.unreadable.map((error) => skippedLineWarning(error, "the transaction was left out"));
  context.warnings.push(...firstWarnings(unreadable, "unreadable transactions"));
  if (context.balanceLines > 0) {
    context.warnings.push(
      `${context.balanceLines} ${context.balanceLines === 1 ? "entry is a balance" : "entries are balances"} ("${context.balanceExample ?? ""}"), not ${context.balanceLines === 1 ? "a transaction" : "transactions"}, and ${context.balanceLines === 1 ? "was" : "were"} left out.`,
    );
  }
  if (context.pending > 0) {
    context.warnings.push(
      `${context.pending} pending ${context.pending === 1 ? "entry" : "entries"} (holds, not booked yet) left out.`,
    );
  }
  return { statements, refusedInvestments, unreadable: context.unreadable, warnings: context.warnings };
}

/** A text that states an opening or closing balance (summaryKind's words, shared with the CSV reader). */
function isBalanceText(text: string | null | undefined): text is string {
  const kind = text ? summaryKind(text) : null;
  return kind === "opening" || kind === "closing";
}

/** A STMTTRN with its MEMO and NAME, read once for the questions asked of all of them. */
interface Entry {
  element: OfxElement;
  memo: string | null;
  name: string | null;
}

/**
 * The text by which an entry states a balance instead of moving money: its MEMO or NAME says so
 * ("SALDO DIA") and it has no amount to read, or a zero; null for any other entry. One with money
 * stays a transaction (a shop named "New Balance").
 */
function balanceStated({ element, memo, name }: Entry): string | null {
  const text = [memo, name].find(isBalanceText);
  if (text === undefined) return null;
  const amount = ofxAmount(leafOf(element, "TRNAMT"));
  return amount === null || /^-?[0.]*$/.test(amount) ? text : null;
}

/** The STMTTRN elements read as transactions; holds (TRNTYPE HOLD), balances and unreadable ones are counted and left out. */
function bookedTransactions(elements: OfxElement[], curdef: string | null, context: Context): ParsedTransaction[] {
  const rows: ParsedTransaction[] = [];
  const notHeld = elements.filter((element) => clean(leafOf(element, "TRNTYPE"))?.toUpperCase() !== "HOLD");
  context.pending += elements.length - notHeld.length;
  const booked: Entry[] = [];
  for (const element of notHeld) {
    const entry = { element, memo: clean(leafOf(element, "MEMO")), name: clean(leafOf(element, "NAME")) };
    // A balance written as an entry ("SALDO DIA", the day's balance Caixa's statements list among the rows) moves no money.
    const balance = balanceStated(entry);
    if (balance === null) booked.push(entry);
    else {
      context.balanceLines++;
      context.balanceExample ??= balance;
    }
  }
  const memos = booked.map((entry) => entry.memo);
  const names = booked.map((entry) => entry.name);
  const memoIsLabel = memoLabelsEveryRow(memos, names);
  const boilerplate = memoIsLabel ? null : memoBoilerplate(memos, names);
  for (const { element } of booked) {
    try {
      rows.push(transaction(element, curdef, context, memoIsLabel, boilerplate));
    } catch (error) {
      if (!(error instanceof StatementUnreadableError)) throw error;
      context.unreadable.push(error);
    }
  }
  return rows;
}

/**
 * A MEMO that is the same on every one of several transactions whose NAMEs differ and each name a
 * payee labels the account, not the payment: American Express writes the card holder
 * ("LINA HANSEN-81023") there.
 */
function memoLabelsEveryRow(memos: readonly (string | null)[], names: readonly (string | null)[]): boolean {
  if (memos.length < 3) return false;
  const distinctMemos = new Set(memos);
  // Every row names its payee (not a card's day and number, as Banque Populaire writes with the merchant in MEMO).
  const everyNamed = names.every((name) => name !== null && namesSomeone(name));
  return distinctMemos.size === 1 && !distinctMemos.has(null) && everyNamed && new Set(names).size > 1;
}

/**
 * A sentence every MEMO of several transactions starts with, which says nothing of any of them: U.S.
 * Bank's "Download from usbank.com." before the payee ("Download from usbank.com. FOO INC"). Only
 * when the rows' NAMEs name three payees or more: memos of one payee that begin alike ("ACME Inc.
 * invoice 1", "Loan repayment. Instalment 2 of 12") say something of each row. Null when the memos
 * share no whole sentence.
 */
function memoBoilerplate(memos: readonly (string | null)[], names: readonly (string | null)[]): string | null {
  if (memos.length < 3) return null;
  const payees = new Set(names.map((name) => name?.toUpperCase()).filter(Boolean));
  if (payees.size < 3) return null;
  const first = memos[0];
  const sentence = first ? /^.{3,}?[.!?](?=\s|$)/u.exec(first)?.[0] : undefined;
  if (!sentence || !/\p{L}{2,}/u.test(sentence)) return null;
  const follows = (memo: string | null) =>
    memo !== null && memo.startsWith(sentence) && /^(?:\s|$)/u.test(memo.slice(sentence.length));
  // Beside memos that differ: one memo on every row is a label (memoLabelsEveryRow), or the payment's own words.
  return memos.every(follows) && new Set(memos).size > 1 ? sentence : null;
}

/** One STMTRS (bank) or CCSTMTRS (credit card). */
function bankStatement(element: OfxElement, context: Context): ParsedStatement {
  const account =
    firstOf(element, element.name === "CCSTMTRS" ? "CCACCTFROM" : "BANKACCTFROM") ?? firstOf(element, "CCACCTFROM");
  const transactionsElements = descendantsOf(element, "STMTTRN");
  const curdef = clean(leafOf(element, "CURDEF"))?.toUpperCase() ?? null;
  context.pending += descendantsOf(element, "STMTTRNP").length;
  const transactions = bookedTransactions(transactionsElements, curdef, context);
  const accountIdentifier = clean(leafOf(account, "ACCTID"));
  warnRepeatedIds(transactions, accountIdentifier, context);
  const rowCurrencies = new Set(transactions.map((row) => row.currencyCode));
  const onlyRowCurrency = rowCurrencies.size === 1 ? [...rowCurrencies][0]! : null;
  return {
    accountIdentifier,
    currencyCode: curdef ?? onlyRowCurrency ?? context.defaultCurrencyCode,
    currencyAssumed: !curdef && !onlyRowCurrency && context.defaultCurrencyCode !== null,
    openingBalance: null,
    closingBalance: ledgerBalance(element, accountIdentifier, context),
    transactions,
  };
}

/** A FITID is unique per account; a repeat is kept (the preview flags it as a duplicate) and reported. */
function warnRepeatedIds(transactions: ParsedTransaction[], account: string | null, context: Context): void {
  const seen = new Map<string, ParsedTransaction>();
  for (const row of transactions) {
    if (!row.externalId) continue;
    const first = seen.get(row.externalId);
    if (first)
      context.warnings.push(
        `FITID ${row.externalId} of account ${account ?? "(no number)"} appears more than once (${first.location}, ${row.location}).`,
      );
    else seen.set(row.externalId, row);
  }
}

/** LEDGERBAL as the closing balance; DTEND of the transaction list stands in for a broken DTASOF. */
function ledgerBalance(element: OfxElement, account: string | null, context: Context): StatementBalance | null {
  const ledger = firstOf(element, "LEDGERBAL");
  if (!ledger) return null;
  const rawAmount = leafOf(ledger, "BALAMT");
  if (rawAmount === null) {
    context.warnings.push(
      `The statement of account ${account ?? "(no number)"} has an empty LEDGERBAL amount; no closing balance was read (${at(ledger)}).`,
    );
    return null;
  }
  const amount = ofxAmount(rawAmount);
  if (amount === null) {
    const where = at(leafElement(ledger, "BALAMT") ?? ledger);
    context.warnings.push(
      `BALAMT "${rawAmount}" of account ${account ?? "(no number)"} is not an amount; no closing balance was read (${where}).`,
    );
    return null;
  }
  const asOf = ofxDay(leafOf(ledger, "DTASOF"));
  if (asOf) return { amount, date: asOf };
  const listEnd = ofxDay(leafOf(firstOf(element, "BANKTRANLIST"), "DTEND"));
  if (!listEnd) {
    context.warnings.push(
      `LEDGERBAL of account ${account ?? "(no number)"} has no valid DTASOF date; no closing balance was read (${at(ledger)}).`,
    );
    return null;
  }
  context.warnings.push(
    `LEDGERBAL of account ${account ?? "(no number)"} has no valid DTASOF date; the statement end date ${listEnd} was used (${at(ledger)}).`,
  );
  return { amount, date: listEnd };
}

/**
 * One STMTTRN. CURRENCY means the amount is in that currency; ORIGCURRENCY only names the currency
 * the amount was converted from (the amount is in CURDEF), per the OFX specification.
 */
function transaction(
  element: OfxElement,
  curdef: string | null,
  context: Context,
  memoIsLabel = false,
  memoBoilerplate: string | null = null,
): ParsedTransaction {
  const rawDate = leafOf(element, "DTPOSTED");
  const date = ofxDay(rawDate);
  if (!date) {
    const where = leafElement(element, "DTPOSTED") ?? element;
    throw new StatementUnreadableError(
      rawDate ? `DTPOSTED "${rawDate}" is not a date` : "a transaction (STMTTRN) has no DTPOSTED date",
      at(where),
    );
  }
  const rawAmount = leafOf(element, "TRNAMT");
  const amount = ofxAmount(rawAmount);
  if (amount === null) {
    const where = leafElement(element, "TRNAMT") ?? element;
    throw new StatementUnreadableError(
      rawAmount ? `TRNAMT "${rawAmount}" is not an amount` : "a transaction (STMTTRN) has no TRNAMT amount",
      at(where),
    );
  }
  const given = clean(leafOf(element, "NAME")) ?? clean(leafOf(childOf(element, "PAYEE"), "NAME"));
  const written = memoIsLabel ? null : clean(leafOf(element, "MEMO"));
  const memo = written && memoBoilerplate ? clean(written.slice(memoBoilerplate.length)) : written;
  const kind = clean(leafOf(element, "TRNTYPE"));
  // "130722 CB****6516" (Banque Populaire): a card payment's day and masked card, the merchant in MEMO.
  // A NAME that only repeats the kind ("CHECK" of a TRNTYPE CHECK, U.S. Bank's) names no one either.
  const repeatsKind = given !== null && given.toUpperCase() === kind?.toUpperCase();
  const named = given && namesSomeone(given) && !repeatsKind ? given : memo || repeatsKind ? null : given;
  const name = named && withoutKindCode(named);
  const checkNumber = clean(leafOf(element, "CHECKNUM"));
  const fallback = clean([kind, checkNumber].filter(Boolean).join(" "));
  // A cheque's row says which cheque: "CHEQUE 0000377", then what MEMO adds (the bank's codes, often).
  const cheque = named !== null && name === null && checkNumber ? clean(`${named} ${checkNumber} ${memo ?? ""}`) : null;
  const currency =
    clean(leafOf(childOf(element, "CURRENCY"), "CURSYM"))?.toUpperCase() ?? curdef ?? context.defaultCurrencyCode;
  return {
    row: context.nextRow++,
    date,
    valueDate: ofxDay(leafOf(element, "DTAVAIL") ?? leafOf(element, "VALUEDATE")),
    amount,
    currencyCode: currency,
    // A MEMO of a masked card or digits alone ("XXXXX1234", Wells Fargo's) says less than the NAME.
    // Without a MEMO, NAME as written describes the row, its payment's kind with it ("PRLV SEPA HOMESERVE").
    description: cheque ?? (memo && (namesSomeone(memo) || !named) ? memo : null) ?? named ?? fallback ?? "",
    counterparty: name,
    externalId: clean(leafOf(element, "FITID")),
    location: at(element),
  };
}

/**
 * INVSTMTRS: only its cash transactions (INVBANKTRAN) are bank transactions; trades and
 * holdings are not. Null when it has none. No closing balance: the available cash also moves
 * with the trades, which are not imported.
 */
function investmentStatement(element: OfxElement, context: Context): ParsedStatement | null {
  const cash = descendantsOf(element, "INVBANKTRAN");
  if (cash.length === 0) return null;
  const curdef = clean(leafOf(element, "CURDEF"))?.toUpperCase() ?? null;
  const transactions = bookedTransactions(
    cash.flatMap((holder) => descendantsOf(holder, "STMTTRN")),
    curdef,
    context,
  );
  const accountIdentifier = clean(leafOf(firstOf(element, "INVACCTFROM"), "ACCTID"));
  const list = firstOf(element, "INVTRANLIST");
  const trades = list ? list.children.filter((child) => child.text === null && child.name !== "INVBANKTRAN").length : 0;
  context.warnings.push(
    `Investment account ${accountIdentifier ?? "(no number)"}: only its ${transactions.length} cash transactions (INVBANKTRAN) were read; ` +
      `${trades} trades and the holdings are not imported, and no closing balance is given (${at(element)}).`,
  );
  return {
    accountIdentifier,
    currencyCode: curdef ?? context.defaultCurrencyCode,
    currencyAssumed: !curdef && context.defaultCurrencyCode !== null,
    openingBalance: null,
    closingBalance: null,
    transactions,
  };
}
