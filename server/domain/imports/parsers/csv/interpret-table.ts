/**
 * A statement table read into statements, the same way for a CSV file and for a spreadsheet's
 * sheet: bank profile and columns -> formats and semantics -> rows -> statements. The caller finds
 * the table (see table.ts) and says how its cells were typed (see cells.ts).
 */
import Decimal from "decimal.js";
import type { ParsedFile, ParseOptions } from "../types";
import { cellLocation, isDateCell, isTyped, type TableRecord } from "./cells";
import type { Delimiter } from "./dialect";
import { decideDateOrder, decideSeparators } from "./formats";
import { describeColumns } from "./column-choice";
import { dateFormatReader, describeDateFormat } from "./date-format";
import { currencyOfCell, isCurrencyCode, normaliseHeader } from "./headers";
import { taken } from "./column-claims";
import type { ColumnMap } from "./columns";
import { blankIndicatorOf, layoutOf } from "./layout";
import type { BankProfile } from "./profiles";
import { currentCurrencyCode } from "../currency-codes";
import { amountWithEitherSeparator, currencyFromSymbol, looksLikeAmount } from "./numbers";
import { readRows, type TransactionDraft } from "./rows";
import { decideSemantics } from "./semantics";
import { summaryKind } from "./summary-lines";
import { buildStatements, type PrintedBalance } from "./statements";
import { isBlank, type PreambleBalance, readPreamble, type TableLayout, tidyAccountIdentifier } from "./table";

export interface TableOptions extends Omit<ParseOptions, "delimiter"> {
  /** The text file's field delimiter; null for a spreadsheet. */
  delimiter: Delimiter | null;
  /** The bank key when no bank profile is recognised ("generic_csv", "generic_excel"). */
  fallbackBankKey: string;
}

/** A ParsedFile without its fileType, which only the reader of the bytes knows. */
export type TableReading = Omit<ParsedFile, "fileType">;

/** The table lacks a column it cannot do without; `at` names its header (or first) line. */
export interface MissingColumn {
  missing: string;
  at: string;
}

/**
 * The account an account column names on (nearly) every row: nine in ten of its filled cells or
 * more, so a stray quote left on one cell (Rabobank's export) does not hide it; null for a column of
 * many accounts (the other parties'), or one filled on fewer than half of the `rows` transactions.
 */
function ownAccountOf(cells: readonly string[], rows: number): string | null {
  const counts = new Map<string, number>();
  let filled = 0;
  for (const cell of cells) {
    const account = tidyAccountIdentifier(cell);
    if (account === null) continue;
    filled++;
    counts.set(account, (counts.get(account) ?? 0) + 1);
  }
  let best: [string, number] | null = null;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  // On a few rows only, the column is the other party's (Nordea Finland's "Kontonummer", one row in twelve).
  if (filled * 2 < rows) return null;
  return best && best[1] >= 0.9 * filled ? best[0] : null;
}

/**
 * Names of a column of the rows' own account that an export of several accounts fills with each
 * row's: an app's ("Account", "Account Name", Monefy's "account", Money Lover's "Wallet"), a
 * broker's ("Account #"), a bank's ("Auftragskonto", Rabobank's "IBAN/BBAN", "Рахунок"). Not a
 * bare "IBAN", "Kontonummer" or "Account number", which name the other party's account in DKB's,
 * Sparkasse's and N26's exports.
 */
const OWN_ACCOUNTS_NAMES = new Set([
  "account",
  "account name",
  "wallet",
  "auftragskonto",
  "iban bban",
  "opdrachtgeversrekening",
  "rekening",
  "konto",
  "рахунок",
  "номер рахунку",
  "счет",
  "номер счета",
  "наш рахунок",
  "наш iban",
  "наш счет",
]);
/** More accounts than this in one column is no export of one person's accounts. */
const MOST_ACCOUNTS = 50;

/**
 * True when the rows belong to several accounts: an own-account column names one on every row, two
 * or more in all, none of them on nine rows in ten (each row goes to its account's statement instead
 * of one statement of all).
 */
function holdsSeveralAccounts(drafts: readonly TransactionDraft[], header: string | null): boolean {
  if (header === null || !OWN_ACCOUNTS_NAMES.has(normaliseHeader(header).name)) return false;
  const rows = new Map<string, number>();
  for (const draft of drafts) {
    if (draft.account === null) return false;
    rows.set(draft.account, (rows.get(draft.account) ?? 0) + 1);
    if (rows.size > MOST_ACCOUNTS) return false;
  }
  // One account on nine rows in ten or more is the statement's, as ownAccountOf reads it (Amex names a
  // supplementary card's member number on its few rows).
  const most = Math.max(0, ...rows.values());
  return rows.size > 1 && most < 0.9 * drafts.length;
}

/**
 * The closing (or opening) balance the lines above the table state, as a printed one (a line of the
 * table that states one counts over it); dated the statement's last (or first) day when its line names none.
 */
function printedFromPreamble(
  printed: PreambleBalance | null,
  drafts: readonly TransactionDraft[],
  kind: "opening" | "closing" = "closing",
): PrintedBalance[] {
  if (!printed) return [];
  let first = "";
  let last = "";
  for (const draft of drafts) {
    if (draft.date > last) last = draft.date;
    if (first === "" || draft.date < first) first = draft.date;
  }
  const date = printed.date ?? ((kind === "opening" ? first : last) || null);
  return date ? [{ balance: { amount: printed.amount, date }, currency: printed.currency }] : [];
}

/** What banks call a fee charged besides a row's amount. */
const FEE_NAMES =
  /^(fee|fees|fee amount|gebuhr|gebuhren|frais|commission|commissione|comision|comisiones|poplatek|oplata|avgift)$/;

/** A column named as a fee that no role took, or null. */
function feeColumnOf(headers: readonly string[], map: ColumnMap): number | null {
  const used = taken(map);
  const index = headers.findIndex((header, i) => !used.has(i) && FEE_NAMES.test(normaliseHeader(header).name));
  return index < 0 ? null : index;
}

/**
 * Takes a fee column's fees off the amounts when the running balance says the account paid them
 * (Revolut: "-42.18" and a fee of "0.42" move the balance by 42.60): a row with a fee whose balance
 * step from a neighbour equals its amount less the fee, more often than the amount alone.
 */
function chargeFees(drafts: TransactionDraft[]): void {
  const charged = (draft: TransactionDraft) => new Decimal(draft.amount).minus(new Decimal(draft.fee ?? "0").abs());
  let net = 0;
  let gross = 0;
  drafts.forEach((draft, index) => {
    if (!draft.fee || new Decimal(draft.fee).isZero() || draft.balance === null) return;
    for (const neighbour of [drafts[index - 1], drafts[index + 1]]) {
      if (!neighbour || neighbour.balance === null) continue;
      const step = new Decimal(draft.balance).minus(neighbour.balance).abs();
      if (step.equals(charged(draft).abs())) net++;
      else if (step.equals(new Decimal(draft.amount).abs())) gross++;
    }
  });
  if (net === 0 || net <= gross) return;
  for (const draft of drafts) {
    if (!draft.fee || new Decimal(draft.fee).isZero()) continue;
    const places = Math.max(draft.amount.split(".")[1]?.length ?? 0, draft.fee.split(".")[1]?.length ?? 0);
    draft.amount = charged(draft).toFixed(places);
  }
}

/** Names of a currency column that is another money's: a card payment's own, an asset's. */
const OTHER_MONEYS_CURRENCY =
  /\b(original|orig|foreign|fremdwahrung|originalwahrung|ursprungswahrung|asset|instrument|origine|originale|moneda original)\b/;

/**
 * A currency column that is not the row's: named for another money ("Original currency" beside
 * "Original amount", Neon; "Asset Currency", Finpension), or filled only on some of the rows with an
 * amount while naming several currencies (a card payment abroad's own currency, the rest left blank).
 * The amount is in the account's currency then, and the column says nothing about it.
 */
function dropOtherMoneysCurrency(map: ColumnMap, headers: readonly string[], data: readonly TableRecord[]): void {
  const { currency } = map;
  if (currency === null) return;
  if (OTHER_MONEYS_CURRENCY.test(normaliseHeader(headers[currency] ?? "").name)) {
    map.currency = null;
    return;
  }
  const amounts = [map.amount, map.debit, map.credit].filter((index): index is number => index !== null);
  const withAmount = data.filter((record) => amounts.some((index) => (record.cells[index] ?? "") !== ""));
  const named = new Set(withAmount.map((record) => record.cells[currency] ?? ""));
  if (named.has("") && named.size > 2) map.currency = null;
}

/**
 * A card statement that prints each payment twice, in its own currency and converted to the
 * account's (VTB: "Сумма операции" and "Валюта операции", then "Сумма пересчитанная в валюту
 * счета" and "Валюта счета"; Tinkoff's "Сумма платежа" and "Валюта платежа"), each amount just
 * before its currency. Read by content, since banks use the same words for either ("Сумма операции"
 * is the converted one at some banks): when the chosen pair's currency varies from row to row, the
 * pair is switched to another amount and currency column beside it only if that one is the same
 * money in the account's currency: filled on every row the chosen amount is, one known currency
 * code on all of them, and the same amount as the chosen one on every row whose two currencies are
 * the same (at least one). A fee, an exchange rate or a branch number beside a code fails that. A
 * statement of one payment abroad has no row to compare: there the other pair must be in the
 * account's own currency, and the chosen one not. A balance column leaves the choice to the balance
 * proof (a balance kept per currency).
 */
function readInAccountCurrency(
  map: ColumnMap,
  headers: readonly string[],
  data: readonly TableRecord[],
  accountCurrency: string | null,
  warnings: string[],
): void {
  const { amount, currency } = map;
  if (amount === null || currency !== amount + 1 || map.balance !== null) return;
  const rows = data.filter((record) => (record.cells[amount] ?? "") !== "");
  const own = new Set(rows.map((record) => record.cells[currency] ?? ""));
  if (own.size === 0 || ![...own].every(isCurrencyCode)) return;
  const isAccountCurrency = (code: string) =>
    accountCurrency !== null && currentCurrencyCode(code.toUpperCase()) === accountCurrency;
  const abroadOnly = accountCurrency !== null && [...own].every((code) => !isAccountCurrency(code));
  if (own.size < 2 && !abroadOnly) return;
  const used = taken(map);
  for (let other = 1; other < headers.length; other++) {
    const converted = other - 1;
    if (other === currency || used.has(other) || used.has(converted)) continue;
    const codes = new Set(rows.map((record) => record.cells[other] ?? ""));
    if (codes.size !== 1) continue;
    const code = [...codes][0]!;
    if (!isCurrencyCode(code)) continue;
    let same = 0;
    const fits = rows.every((record) => {
      const text = record.cells[converted] ?? "";
      if (!looksLikeAmount(text)) return false;
      if (record.cells[currency] !== code) return true;
      same++;
      return text === record.cells[amount];
    });
    // Several currencies: the same amount where the two currencies agree; one foreign one: the account's own beside it.
    if (!fits || (own.size > 1 ? same === 0 : !isAccountCurrency(code))) continue;
    warnings.push(
      `The amounts are read from "${headers[converted]}", in the account's currency ${code}; "${headers[amount]}" holds each payment in its own currency (${[...own].sort().join(", ")})`,
    );
    map.amount = converted;
    map.currency = other;
    return;
  }
}

/** A cell's amount as a number: a spreadsheet's typed value, else its text read with either separator. */
function amountValue(record: TableRecord, index: number): number | null {
  const typed = record.typed?.[index];
  const text = typed ? typed.amount : amountWithEitherSeparator(record.cells[index] ?? "");
  return text === null ? null : Number(text);
}

/**
 * A currency column that names another amount column's currency, not the amount's: Bank Norwegian's
 * "Currency Amount | Currency Rate | Currency | Amount" prints each card payment in its own currency
 * and "Amount" in the card's, so a payment in dollars is -14 USD and -138.23 SEK. Told by content:
 * the other amount equals the amount on every row in the account's currency and differs on every
 * row in another. The rows are then the account's currency, and a warning says why.
 */
function dropOtherAmountsCurrency(
  map: ColumnMap,
  headers: readonly string[],
  data: readonly TableRecord[],
  accountCurrency: string | null,
  warnings: string[],
): void {
  const { amount, currency } = map;
  if (amount === null || currency === null || accountCurrency === null) return;
  const rows = data.filter((record) => amountValue(record, amount) !== null);
  const codeOf = (record: TableRecord) => currentCurrencyCode((record.cells[currency] ?? "").toUpperCase());
  const codes = new Set(rows.map(codeOf));
  if (codes.size < 2 || !codes.has(accountCurrency) || ![...codes].every(isCurrencyCode)) return;
  const used = taken(map);
  for (let other = 0; other < headers.length; other++) {
    if (used.has(other) || other === currency) continue;
    const describes = rows.every((record) => {
      const value = amountValue(record, other);
      if (value === null) return false;
      const same = value === amountValue(record, amount);
      return codeOf(record) === accountCurrency ? same : !same;
    });
    if (!describes) continue;
    warnings.push(
      `"${headers[currency]}" names the currency of "${headers[other]}", each payment in its own currency; the amounts are read from "${headers[amount]}", in the account's currency ${accountCurrency}`,
    );
    map.currency = null;
    return;
  }
}

/** The record with its cells trimmed: itself when none needs it (most files), a copy otherwise (records are never changed). */
function trimmedRecord(record: TableRecord): TableRecord {
  const { cells } = record;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (cell.length > 0 && (isEdgeSpace(cell.charCodeAt(0)) || isEdgeSpace(cell.charCodeAt(cell.length - 1)))) {
      return { ...record, cells: cells.map((c) => c.trim()) };
    }
  }
  return record;
}

/** How far up from the table's end a summary under its rows is looked for. */
const FOOTER_LINES = 40;

/** The records under the table's last transaction (when at most FOOTER_LINES of them): its footer. */
function footerOf(
  data: readonly TableRecord[],
  drafts: readonly TransactionDraft[],
  dateColumn: number,
): TableRecord[] {
  const last = drafts.at(-1)?.location;
  if (last === undefined) return [];
  for (let at = data.length - 1; at >= 0 && data.length - at <= FOOTER_LINES + 1; at--)
    if (cellLocation(data[at]!, dateColumn) === last) return data.slice(at + 1);
  return [];
}

/** A cell of dashes alone: a figure left out ("-" under Crédito on every payment out, Novo Banco's; "--", "—"). */
const DASHES_ONLY = /^[-\u2010-\u2015\u2212]{1,3}$/u;
const isDash = (code: number) => code === 45 || (code >= 0x2010 && code <= 0x2015) || code === 0x2212;

/**
 * The records with a money column's dashes read as the empty cells they stand for: a column whose
 * filled cells are amounts but for dashes alone. Not a column of signs ("+" and "-" beside unsigned
 * amounts), whose other cells are no amounts. Each record is itself when it has none of those
 * dashes (most files), a copy otherwise (records are never changed).
 */
function withoutDashes(records: TableRecord[]): TableRecord[] {
  const dashed = new Set<number>();
  for (const { cells } of records)
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      if (cell.length > 0 && cell.length <= 3 && isDash(cell.charCodeAt(0)) && DASHES_ONLY.test(cell)) dashed.add(i);
    }
  const money = [...dashed].filter((index) => {
    let amounts = 0;
    for (const { cells } of records) {
      const cell = cells[index] ?? "";
      if (cell === "" || DASHES_ONLY.test(cell)) continue;
      if (!looksLikeAmount(cell)) return false;
      amounts++;
    }
    return amounts > 0;
  });
  if (money.length === 0) return records;
  return records.map((record) => {
    const { cells } = record;
    if (!money.some((index) => DASHES_ONLY.test(cells[index] ?? ""))) return record;
    const blanked = [...cells];
    for (const index of money) if (DASHES_ONLY.test(blanked[index] ?? "")) blanked[index] = "";
    return { ...record, cells: blanked };
  });
}

/**
 * Lines above the table shaped as its rows (as many cells, a date in the date column, a number in
 * the amount's) that were not read as rows: a summary, or a first row of whole amounts the table's
 * start did not take ("25/02/2024,SALARY ACME,3000" over rows with cents). Said, so that no row is
 * lost without a word; `parse_options.header_row: null` with `skip_rows` reads them as rows.
 */
function rowsLeftAbove(preamble: readonly TableRecord[], data: readonly TableRecord[], map: ColumnMap): string[] {
  const width = data.find((record) => record.cells.some((cell) => cell !== ""))?.cells.length;
  const amountColumn = map.amount ?? map.debit ?? map.credit;
  if (width === undefined || amountColumn === null) return [];
  return preamble
    .filter(
      (record) =>
        record.cells.length === width &&
        isDateCell(record, map.date) &&
        looksLikeAmount(record.cells[amountColumn] ?? "") &&
        !summaryKind(record.cells.filter((cell, index) => index !== map.date && index !== amountColumn).join(" ")),
    )
    .slice(0, 3)
    .map(
      (record) =>
        `${cellLocation(record, map.date)} above the table has a date and an amount and was not read as a transaction; send parse_options.header_row null and skip_rows to read it as one`,
    );
}

/** Could String.prototype.trim remove this character: ASCII whitespace, or anything beyond ASCII (to be safe). */
const isEdgeSpace = (code: number) => code <= 32 || code >= 127;

/**
 * A profile matched by a header any bank could write (`exact`: "Date,Description,Amount,Balance" is
 * first direct's and ABSA's alike) says nothing of a file for an account in another currency than
 * the bank's: its bank, currency and date order are not taken then (ABSA's rows were read as first
 * direct's, in pounds, in a rand account).
 */
function fittingProfile(profile: BankProfile | null, accountCurrency: string | null): BankProfile | null {
  if (!profile?.exact || !profile.currencyCode || !accountCurrency) return profile;
  return profile.currencyCode === accountCurrency ? profile : null;
}

/** Reads the table's rows into statements; throws StatementUnreadableError naming the cell that cannot be read. */
export function interpretTable(
  records: readonly TableRecord[],
  table: TableLayout,
  options: TableOptions,
): TableReading | MissingColumn {
  const warnings: string[] = [];
  const preamble = table.preamble;
  // The data records with their cells trimmed, once: every step below reads these.
  const data = withoutDashes(records.slice(table.dataStart).map(trimmedRecord));
  const defaultCurrency = options.defaultCurrencyCode ?? null;
  const layout = layoutOf(records, table, data, { warnings, columns: options.columns });
  const { map, headers, width } = layout;
  const profile = fittingProfile(layout.profile, defaultCurrency);
  if (table.headerLooksLikeData) {
    warnings.push(
      `Row ${records[table.headerIndex ?? 0]?.line} (parse_options.header_row) holds a date and an amount: it looks like a transaction, and was read as the column names`,
    );
  }
  const first = records[table.headerIndex ?? records.findIndex((r) => !isBlank(r))];
  const at = first ? cellLocation(first, 0) : "line 1";
  if (map.date < 0) return { missing: "No column of dates was found; name it with parse_options.columns.date", at };
  if (map.amount === null && map.debit === null && map.credit === null) {
    return {
      missing: "No amount column was found; name it with parse_options.columns.amount (or debit and credit)",
      at,
    };
  }

  const column = (index: number | null) =>
    index === null ? [] : data.map((r) => r.cells[index] ?? "").filter((v) => v !== "");
  if (options.columns?.amount === undefined && options.columns?.currency === undefined) {
    readInAccountCurrency(map, headers, data, defaultCurrency, warnings);
    dropOtherAmountsCurrency(map, headers, data, defaultCurrency, warnings);
  }
  // Formats are told by text cells; a spreadsheet's number and date cells need no telling. Read once per column.
  const textColumns = new Map<number, string[]>();
  const texts = (index: number | null): string[] => {
    if (index === null) return [];
    let values = textColumns.get(index);
    if (!values) {
      values = [];
      for (const r of data) {
        const cell = isTyped(r, index) ? "" : (r.cells[index] ?? "");
        if (cell !== "") values.push(cell);
      }
      textColumns.set(index, values);
    }
    return values;
  };
  const given = options.decimalSeparator;
  const separators = given
    ? { amount: given, debit: given, credit: given, balance: given, proven: given }
    : decideSeparators(
        { amount: texts(map.amount), debit: texts(map.debit), credit: texts(map.credit), balance: texts(map.balance) },
        options.delimiter,
      );

  const facts = readPreamble(preamble, defaultCurrency);
  warnings.push(...rowsLeftAbove(preamble, data, map));
  // "Betrag (EUR)", "Withdrawals (SGD)": the amount columns' own header first, then any header.
  const headerCurrencies = headers.map((h) => {
    const { currency, currencies } = normaliseHeader(h);
    return defaultCurrency && currencies?.includes(defaultCurrency) ? defaultCurrency : currency;
  });
  const amountCurrency =
    [map.amount, map.debit, map.credit].map((i) => (i === null ? null : headerCurrencies[i])).find((c) => c) ?? null;
  const headerCurrency = amountCurrency ?? headerCurrencies.find((c) => c) ?? null;
  // "Betrag (EUR)" beside "Fremdwährung" (N26): the amounts are in the header's currency, the
  // currency column names the original one of a card payment abroad. Not the rows' currency.
  if (
    amountCurrency &&
    map.currency !== null &&
    !column(map.currency).every((c) => currencyOfCell(c) === amountCurrency)
  ) {
    warnings.push(
      `The amounts are in ${amountCurrency} (their column's name says so); the currency column holds the original currency of payments abroad and was not used`,
    );
    map.currency = null;
  }
  if (options.columns?.currency === undefined) dropOtherMoneysCurrency(map, headers, data);

  const statedCurrency =
    headerCurrency ?? facts.currencyCode ?? profile?.currencyCode ?? facts.closing?.currency ?? null;
  const fileCurrency =
    column(map.currency)
      .map(currencyOfCell)
      .find((code) => code !== null) ?? statedCurrency;

  const hints = {
    delimiter: options.delimiter,
    decimalSeparator: separators.proven,
    currencyCode: fileCurrency ?? defaultCurrency,
    profileOrder: profile?.dateOrder ?? null,
    profileName: profile?.name ?? null,
  };
  const dateOrder = decideDateOrder(texts(map.date), hints);
  const valueDateOrder = decideDateOrder(texts(map.valueDate), { ...hints, profileOrder: dateOrder.order });
  // A format a person gave reads every date column; the order detected is then moot.
  const givenFormat = options.dateFormat ? dateFormatReader(options.dateFormat) : null;
  if (dateOrder.warning && !givenFormat) warnings.push(dateOrder.warning);

  const semantics = decideSemantics({
    map,
    rows: data,
    amountSeparator: separators.amount,
    balanceSeparator: separators.balance,
    dateReading: givenFormat ?? dateOrder.order,
    profile,
    context: [...headers, ...preamble.flatMap((r) => r.cells)],
    requested: options.amountSemantics,
  });
  warnings.push(...semantics.warnings);

  const {
    drafts,
    printedClosings,
    printedOpenings,
    printedTotals,
    warnings: rowWarnings,
  } = readRows(data, width, map, {
    dateOrder: givenFormat ?? dateOrder.order,
    valueDateOrder: givenFormat ?? valueDateOrder.order,
    separators,
    reading: semantics.reading,
    blankIndicator: profile?.blankIndicator ?? blankIndicatorOf(data, map.indicator),
    dateGiven: options.columns?.date !== undefined || options.dateFormat !== undefined,
    fee: map.balance === null ? null : feeColumnOf(headers, map),
    headers,
  });
  if (map.balance !== null) chargeFees(drafts);
  // A summary under the rows says what the lines above the table would ("Opening Balance" over its
  // figure in HDFC's "STATEMENT SUMMARY"): read as they are, for what the table and the lines above leave open.
  const footer = readPreamble(footerOf(data, drafts, map.date), defaultCurrency, true);
  warnings.push(...rowWarnings);
  if (drafts.length === 0) warnings.push("The file holds no transactions");

  // An account column is the statement's account when it names the same one on every row (however
  // spaced; footers without one aside); a column of several names each row's other party (DKB's
  // "IBAN"), and the account the lines above the table name is the statement's.
  // Several accounts first: one of them named by a number ("Visa 4321" beside "Checking") is no single account.
  const severalAccounts = holdsSeveralAccounts(drafts, map.account === null ? null : (headers[map.account] ?? null));
  const columnAccount = severalAccounts ? null : ownAccountOf(column(map.account), drafts.length);
  // On a statement of one or two rows, a column not named as the rows' own account names the same
  // account on each whether it is the statement's or the other party's (DKB's "Kontonummer" beside its
  // "Kontonummer:" line): the account the lines above the table name is the statement's then.
  const columnNamedOwn =
    map.account !== null && OWN_ACCOUNTS_NAMES.has(normaliseHeader(headers[map.account] ?? "").name);
  const fewRows = drafts.length <= 2 && !columnNamedOwn;
  const statementAccount =
    fewRows && facts.accountIdentifier !== null ? facts.accountIdentifier : (columnAccount ?? facts.accountIdentifier);
  const { statements, warnings: balanceWarnings } = buildStatements(drafts, {
    accountIdentifier: statementAccount,
    severalAccounts,
    currencyOf: (draft) => {
      const own = draft.currencyCell ? currencyOfCell(draft.currencyCell) : null;
      return own ?? statedCurrency ?? currencyFromSymbol(draft.amountText, defaultCurrency);
    },
    defaultCurrency,
    fallbackCurrency: statedCurrency ?? defaultCurrency,
    currencyStated: statedCurrency !== null,
    balancePerCurrency: map.balance !== null,
    balanceIsBefore: map.balanceIsBefore,
    printedClosings: printedFromPreamble(facts.closing ?? footer.closing, drafts).concat(printedClosings),
    // The table's own opening line counts over the lines above it (the first of equal days wins).
    printedOpenings: printedOpenings.concat(printedFromPreamble(facts.opening ?? footer.opening, drafts, "opening")),
    printedTotals,
  });
  warnings.push(...balanceWarnings);

  const firstDate = texts(map.date)[0];
  return {
    bankKey: profile?.key ?? options.fallbackBankKey,
    bankName: profile?.name ?? null,
    statements,
    amountSemantics: semantics.semantics,
    amountSemanticsRequired: semantics.required,
    warnings,
    optionsUsed: {
      headerRow: table.headerIndex === null ? null : (records[table.headerIndex]?.line ?? null),
      skipRows: Math.max(0, (records[table.headerIndex ?? table.dataStart]?.line ?? 1) - 1),
      dateFormat: options.dateFormat ?? (firstDate ? describeDateFormat(firstDate, dateOrder.order) : null),
      decimalSeparator:
        texts(map.amount).length + texts(map.debit).length + texts(map.credit).length > 0
          ? map.amount !== null
            ? separators.amount
            : separators.debit
          : null,
      columns: describeColumns(map, headers),
    },
  };
}
