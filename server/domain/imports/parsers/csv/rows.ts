/**
 * Reads the data rows into transaction drafts: skips what is not a transaction (with a warning),
 * folds continuation lines into the previous description, and refuses, naming the line, a row that
 * looks like a transaction but whose date or amount cannot be read.
 */
import { StatementUnreadableError } from "../types";
import { cellAmount, cellDay, cellLocation, type DayReading, type TableRecord } from "./cells";
import type { ColumnMap } from "./columns";
import { isNeutralMark } from "./debit-credit-marks";
import { withoutAccents } from "./accents";
import { looksLikeDate } from "./dates";
import { currencyOfCell, isPartyName, normaliseHeader } from "./headers";
import { MAX_FILE_TRANSACTIONS, tooManyTransactions } from "../limits";
import { firstWarnings, skippedLineWarning } from "../skipped-line";
import { RowStatusReader } from "./row-status";
import { cellText, continuedText, joinText, tidyText } from "./row-text";
import { tidyAccountIdentifier } from "./table";
import { type AmountFormats, cellAt, signedAmount } from "./signed-amount";
import type { PrintedBalance } from "./statements";
import { type SummaryKind, summaryKind } from "./summary-lines";
import { absoluteAmount, negateAmount } from "../numbers";

export type { AmountReading } from "./signed-amount";

export interface RowFormats extends AmountFormats {
  dateOrder: DayReading;
  valueDateOrder: DayReading;
  /** A person named the date column or its format: rows without a date there mean the choice is wrong. */
  dateGiven: boolean;
  /** A fee column beside the amount (Revolut's "Fee"), read into each draft's fee. */
  fee?: number | null;
  /** The table's column names ("" for none): a line repeating them heads a section of its own. */
  headers?: readonly string[];
}

export interface TransactionDraft {
  /** Where the row is: "line 7", or its date cell's address ("Sheet1!A7"). */
  location: string;
  date: string;
  valueDate: string | null;
  amount: string;
  /** The amount cell as printed, for currency symbols. */
  amountText: string;
  currencyCell: string | null;
  description: string;
  counterparty: string | null;
  externalId: string | null;
  /** The balance after this transaction, when the file has a balance column. */
  balance: string | null;
  /** The fee the row's fee column charges besides its amount (a magnitude), when the file has one. */
  fee?: string | null;
  /** The row's own account as its account column names it (an app's export of several accounts); null without one. */
  account: string | null;
  /** The category the file's category column files the row under; absent without one. */
  category?: string | null;
}

const MAX_SKIP_WARNINGS = 20;
/** From this many undated lines under the last transaction on, they are one warning (a legend under ICICI's table). */
const UNDATED_FOOTER_LINES = 3;

/** The person's date column or format fits no row of the table (a sheet of a workbook may still fit). */
export class NoDateInColumnError extends StatementUnreadableError {}

export interface RowResult {
  drafts: TransactionDraft[];
  /** The "Closing balance" lines printed among the rows, in file order, each with the currency its row names (null: none). */
  printedClosings: PrintedBalance[];
  /** The "Opening balance" lines likewise ("Likutis pradžiai"; Stanbic's with its figure in the balance column). */
  printedOpenings: PrintedBalance[];
  /** The totals' lines likewise ("Saldo", "S A L D O"): a closing balance when the opening and the rows come to one. */
  printedTotals: PrintedBalance[];
  warnings: string[];
}

/** Reads every record from `records` (cells trimmed) as a transaction, a continuation, or a skipped line. */
export function readRows(
  records: readonly TableRecord[],
  width: number,
  map: ColumnMap,
  formats: RowFormats,
): RowResult {
  const drafts: TransactionDraft[] = [];
  // Cells repeat down a column (a year has 365 dates; the same shops): each text is read once.
  const days = new Map<string, string | null>();
  const serialDays = numbersAreDays(records, map.date, formats.dateOrder);
  const dayOf = (record: TableRecord): string | null => {
    const typed = record.typed?.[map.date];
    if (typed !== undefined) {
      // A number where the column's days are text is a figure (HDFC's summary under its rows: "56211.34"), no day serial.
      if (typed.amount !== null && !serialDays) return null;
      return cellDay(record, map.date, formats.dateOrder);
    }
    const text = record.cells[map.date] ?? "";
    let day = days.get(text);
    if (day === undefined) days.set(text, (day = cellDay(record, map.date, formats.dateOrder)));
    return day;
  };
  const statuses = new RowStatusReader();
  const skipped: string[] = [];
  /**
   * Where in `skipped` the lines without a date or an amount since the last transaction (or the last
   * undated amount) are: under the table, a note or legend said in one warning.
   */
  let undatedSinceLast: { first: string; last: string; at: number[] } | null = null;
  const unreadable: StatementUnreadableError[] = [];
  let notBooked = 0;
  let cancelled = 0;
  const neutral = { rows: 0, mark: "" };
  let blankLines = 0;
  let blankRun = 0;
  let doubleSpaced: boolean | undefined;
  const printedClosings: PrintedBalance[] = [];
  const printedOpenings: PrintedBalance[] = [];
  const printedTotals: PrintedBalance[] = [];
  /** Balances on lines without a date, each with the count of drafts read before it. */
  const undatedBalances: Array<UndatedBalance & { at: number }> = [];
  /** A line of a balance or total is skipped, saying so; a balance's figure is its statement's, in the currency its line names. */
  const skipSummaryLine = (
    where: string,
    { summary, text, figure, date }: { summary: SummaryKind; text: string; figure: string; date: string },
    cells: readonly string[],
  ) => {
    const currencyCell = map.currency === null ? "" : cellAt(cells, map.currency);
    (summary === "opening" ? printedOpenings : summary === "closing" ? printedClosings : printedTotals).push({
      balance: { amount: figure, date },
      currency: currencyCell ? currencyOfCell(currencyCell) : null,
    });
    const what = summary === "opening" ? "an opening balance" : summary === "closing" ? "a closing balance" : "a total";
    skipped.push(`${where} is ${what} ("${text}") and was skipped`);
  };
  /** An undated balance's line is skipped, saying so; its figure is dated by the rows once they are all read. */
  const skipUndatedBalance = (where: string, balance: UndatedBalance) => {
    undatedBalances.push({ ...balance, at: drafts.length });
    const what = balance.kind === "opening" ? "an opening" : "a closing";
    skipped.push(`${where} is ${what} balance ("${balance.text}") and was skipped`);
  };
  let firstNonDate: { where: string; cell: string } | null = null;
  /** A section among the rows that holds none of the statement's (a summary, the latest entries), from its title on. */
  let otherSection: { title: string; where: string; rows: number } | null = null;
  const sectionWarnings: string[] = [];
  const closeOtherSection = () => {
    if (otherSection && otherSection.rows > 0) {
      const { rows, title, where } = otherSection;
      sectionWarnings.push(
        `${rows === 1 ? "1 row" : `${rows} rows`} under "${title}" (${where}), a section that is not the statement's own rows, ${rows === 1 ? "was" : "were"} left out`,
      );
    }
    otherSection = null;
  };
  const amountColumns = [map.amount, map.debit, map.credit].filter((i): i is number => i !== null);
  const otherWords = otherWordsOf(map);
  // The draft the record before this one (blank lines aside) made or continued: only it can go on.
  let continuable: TransactionDraft | undefined;
  for (const record of records) {
    const cells = record.cells;
    if (allEmpty(cells)) {
      blankLines++;
      // A line after a blank one is no more of the row above ("Update Date: ...", Piraeus' footer),
      // unless the file is written double-spaced (a blank line after every line): then after two.
      // Decided at the first blank line: a file without any is not walked a second time.
      doubleSpaced ??= isDoubleSpaced(records);
      const gap = !doubleSpaced || ++blankRun >= 2;
      if (gap) continuable = undefined;
      // A gap after a section's rows ends it (the statement's own rows may follow).
      if (gap && otherSection && otherSection.rows > 0) closeOtherSection();
      continue;
    }
    blankRun = 0;
    const dateCell = cellAt(cells, map.date);
    const where = cellLocation(record, map.date);
    const hasAmount = anyFilled(cells, amountColumns);
    const previous = continuable;
    continuable = undefined;
    if (dateCell === "") {
      // An opening or closing balance's line, its words in the text and its figure in the balance column
      // alone (Axis Bank's "OPENING BALANCE" above its rows): the statement's, dated by the rows.
      const balanceLine = balanceInText(record, map, formats, hasAmount);
      if (balanceLine) {
        skipUndatedBalance(where, balanceLine);
        continue;
      }
      // Its text must lie in the description's columns: a line of figures in other columns (Venmo's
      // balances and disclaimer under its rows) is a footer.
      const describes = map.description.some((i) => cellAt(cells, i) !== "");
      if (!hasAmount && previous && describes) {
        // A record without date and amount continues the previous one (OCBC prints a second line);
        // after a total or another skipped line it is a footer (Bangkok Bank's disclaimer), not more text.
        previous.description = continuedText(
          previous.description,
          cells.filter((c) => c !== ""),
        );
        continuable = previous;
      } else if (
        hasAmount &&
        map.valueDate !== null &&
        map.valueDate !== map.date &&
        cellDay(record, map.valueDate, formats.valueDateOrder) !== null
      ) {
        // A value date without a booking date: the bank has not booked the row yet.
        notBooked++;
      } else {
        // Money without a date may be a transaction lost: said on its own, and the end of any footer before it.
        if (hasAmount) undatedSinceLast = null;
        else {
          undatedSinceLast ??= { first: where, last: where, at: [] };
          undatedSinceLast.last = where;
          undatedSinceLast.at.push(skipped.length);
        }
        skipped.push(`${where} has no date and was skipped`);
      }
      continue;
    }
    const date = dayOf(record);
    if (date === null) {
      // A date-shaped cell that is no real date ("31.02.2024") in a row with an amount: left out, and said so.
      if (hasAmount && looksLikeDate(dateCell)) {
        unreadable.push(new StatementUnreadableError(`"${dateCell}" is not a valid date`, where));
        continue;
      }
      // A balance's line with its words where the dates stand (comdirect's "Alter Kontostand";"+1.234,56"
      // under its rows): its figure is the statement's, dated by the rows once they are all read.
      const undated = undatedBalance(record, map, formats);
      if (undated) {
        skipUndatedBalance(where, undated);
        continue;
      }
      const pending = statuses.of(dateCell) === "not_booked";
      if (!pending) firstNonDate ??= { where, cell: tidyText(dateCell).slice(0, 60) };
      const said = tidyText(cells.filter((c) => c !== "").join(" "));
      const what = pending ? "is a pending transaction" : `is not a transaction ("${said.slice(0, 60)}")`;
      skipped.push(`${where} ${what} and was skipped`);
      // A section that is not the statement's starts at its title, and ends at the next line that is
      // neither a title of the kind nor the table's names repeated ("Posted Transactions" after "Pending Transactions").
      // The table's names repeated right under the title head the section's rows; after its rows they
      // head the statement's again.
      const title = otherSectionTitle(cells);
      if (title !== null) {
        if (!pending) otherSection ??= { title, where, rows: 0 };
      } else if (!repeatsHeader(cells, formats.headers) || (otherSection?.rows ?? 0) > 0) closeOtherSection();
      continue;
    }
    if (formats.reading === "indicator" && isNeutralMark(cellAt(cells, map.indicator))) {
      neutral.rows++;
      neutral.mark ||= cellAt(cells, map.indicator);
      continue;
    }
    let amount: string | null;
    try {
      amount = signedAmount(record, map, formats);
    } catch (error) {
      if (!(error instanceof StatementUnreadableError)) throw error;
      unreadable.push(error);
      continue;
    }
    if (amount === null) {
      // An opening or closing line with its figure in the balance column alone (Stanbic's "Opening balance").
      const text = textOf(cells, map.description);
      const summary = summaryKind(text);
      const balance =
        summary && summary !== "total" ? cellAmount(record, map.balance, formats.separators.balance) : null;
      if (summary && balance !== null) {
        skipSummaryLine(where, { summary, text, figure: balance, date }, cells);
        continue;
      }
      skipped.push(`${where} has a date but no amount and was skipped`);
      continue;
    }
    const status = statuses.ofRow(cells, amount);
    if (status === "not_booked") notBooked++;
    else if (status === "cancelled") cancelled++;
    if (status) continue;
    // Under a summary's or the latest entries' title, the rows repeat or follow the statement's.
    if (otherSection) {
      otherSection.rows++;
      continue;
    }
    const text = textOf(cells, map.description);
    // Without text or party, a balance's words may stand in another column (Volksbank's "Anfangssaldo" and
    // "Endsaldo" under "Kundenreferenz", with a date and an amount).
    const elsewhere = text === "" ? otherWords(cells) : null;
    const summary = summaryKind(text) ?? elsewhere?.kind ?? null;
    if (summary) {
      // A zero in the amount column beside a figure in the balance column: the figure is the balance.
      const figure = /^-?[0.]*$/.test(amount)
        ? (cellAmount(record, map.balance, formats.separators.balance) ?? amount)
        : amount;
      skipSummaryLine(where, { summary, text: elsewhere?.text ?? text, figure, date }, cells);
      continue;
    }
    const valueDateCell = map.valueDate !== null && map.valueDate !== map.date ? cellAt(cells, map.valueDate) : "";
    const balanceCell = cellAt(cells, map.balance);
    // Decided while reading: a file past the cap is refused before its rows pile up.
    if (drafts.length === MAX_FILE_TRANSACTIONS) throw tooManyTransactions(where);
    const extras = cells.length > width ? cells.slice(width).filter((c) => c !== "") : NO_CELLS;
    const counterparty = counterpartyOf(cells, map, amount);
    // Cells beyond the header (livebank) are more text; without text, the counterparty or the type describes it.
    const described =
      extras.length === 0 ? text : joinText([...map.description.map((i) => cellAt(cells, i)), ...extras]);
    // The category the row is filed under (absent without a category column).
    const filedUnder = map.category === null ? undefined : cellText(cellAt(cells, map.category)) || null;
    continuable = {
      location: where,
      date,
      valueDate: valueDateCell === "" ? null : cellDay(record, map.valueDate, formats.valueDateOrder),
      amount,
      amountText:
        amountColumns.length === 1
          ? cellAt(cells, amountColumns[0]!)
          : amountColumns.map((i) => cellAt(cells, i)).join(" "),
      currencyCell: map.currency === null ? null : cellAt(cells, map.currency) || null,
      // Without text, party or kind, the category the row is filed under ("转账红包", Alipay's 交易分类).
      description: described || counterparty || textOf(cells, map.type) || (filedUnder ?? ""),
      counterparty,
      externalId: cellAt(cells, map.reference) || null,
      balance: balanceCell === "" ? null : cellAmount(record, map.balance, formats.separators.balance),
      account: map.account === null ? null : accountOf(cellAt(cells, map.account)),
    };
    if (formats.fee != null) continuable.fee = cellAmount(record, formats.fee, formats.separators.amount);
    if (filedUnder !== undefined) continuable.category = filedUnder;
    drafts.push(continuable);
    undatedSinceLast = null;
  }
  // Each undated balance is its section's: the rows between it and the balance before it, or, where
  // none are (a balance above its rows), the rows after it; an opening is dated by their first day, a
  // closing by their last.
  undatedBalances.forEach(({ kind, figure, currency, at }, i) => {
    const before = drafts.slice(i === 0 ? 0 : undatedBalances[i - 1]!.at, at);
    const section = before.length > 0 ? before : drafts.slice(at, undatedBalances[i + 1]?.at ?? drafts.length);
    if (section.length === 0) return;
    const days = section.map((draft) => draft.date).sort();
    (kind === "opening" ? printedOpenings : printedClosings).push({
      balance: { amount: figure, date: kind === "opening" ? days[0]! : days.at(-1)! },
      currency,
    });
  });
  // Lines that cannot be read sink the file only when nothing else in it can be.
  const [firstUnreadable] = unreadable;
  if (drafts.length === 0 && firstUnreadable) throw firstUnreadable;
  // A person's date column (or format) under which no row has a date is the wrong one: say so, not
  // "no transactions". Detection's tables keep that answer (a quiet month with a footer line).
  if (drafts.length === 0 && firstNonDate && formats.dateGiven) {
    throw new NoDateInColumnError(
      `no row has a date in the column read as the date (it holds "${firstNonDate.cell}"): check parse_options.columns.date and date_format`,
      firstNonDate.where,
    );
  }
  const warnings = firstWarnings(
    unreadable.map((e) => skippedLineWarning(e, "the line was left out")),
    "unreadable lines",
  );
  if (undatedSinceLast && undatedSinceLast.at.length >= UNDATED_FOOTER_LINES && drafts.length > 0) {
    const { first, last, at } = undatedSinceLast;
    // The run's lines give way to one, where its first stood; other skips among them (a total, a title) stay.
    for (const index of at.slice(1).reverse()) skipped.splice(index, 1);
    skipped[at[0]!] =
      `${at.length} lines from ${first} to ${last}, under the last transaction, have no date and were skipped`;
  }
  warnings.push(...skipped.slice(0, MAX_SKIP_WARNINGS));
  if (skipped.length > MAX_SKIP_WARNINGS)
    warnings.push(`${skipped.length - MAX_SKIP_WARNINGS} more lines were skipped`);
  if (cancelled > 0) {
    warnings.push(
      `${cancelled} row${cancelled === 1 ? " was" : "s were"} cancelled, declined or failed (no money moved) and ${cancelled === 1 ? "was" : "were"} left out`,
    );
  }
  if (neutral.rows > 0) {
    warnings.push(
      `${neutral.rows} row${neutral.rows === 1 ? " is" : "s are"} marked "${neutral.mark}" (neither money in nor out of this account) and ${neutral.rows === 1 ? "was" : "were"} left out`,
    );
  }
  if (notBooked > 0) {
    warnings.push(
      `${notBooked} row${notBooked === 1 ? " is" : "s are"} not booked yet (pending, held or reserved) and ${notBooked === 1 ? "was" : "were"} left out`,
    );
  }
  if (blankLines > 0) warnings.push(`${blankLines} blank line${blankLines === 1 ? " was" : "s were"} skipped`);
  closeOtherSection();
  warnings.push(...sectionWarnings);
  return { drafts, printedClosings, printedOpenings, printedTotals, warnings };
}

/** No cell of the record holds anything. */
function allEmpty(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell !== "") return false;
  return true;
}

/** Some of the columns holds something in the record. */
function anyFilled(cells: readonly string[], columns: readonly number[]): boolean {
  for (const column of columns) if (cellAt(cells, column) !== "") return true;
  return false;
}

/** The text of the description's columns (joinText), without an array per row for a single column. */
function textOf(cells: readonly string[], columns: readonly number[]): string {
  // joinText of one part is that part's cellText.
  return columns.length === 1 ? cellText(cellAt(cells, columns[0]!)) : joinText(columns.map((i) => cellAt(cells, i)));
}

const NO_CELLS: readonly string[] = Object.freeze([]);

/** A blank line after most lines: at least two for every three lines with text. */
function isDoubleSpaced(records: readonly TableRecord[]): boolean {
  let blank = 0;
  for (const record of records) if (record.cells.every((c) => c === "")) blank++;
  return blank * 3 >= (records.length - blank) * 2 && blank > 0;
}

/** A row's own account as its account column names it: a number in its tidy form (a stray quote, an IBAN's spaces aside), else the name. */
function accountOf(cell: string): string | null {
  const text = cellText(cell);
  return text === "" ? null : (tidyAccountIdentifier(text) ?? text);
}

/** An account number (an IBAN, masked or not, or digits with spaces, dots, dashes and slashes) says where money went, not to whom. */
const ACCOUNT_NUMBER = /^(?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,}(?: ?[A-Z0-9]{1,4})?|[\d .\-/]*\d{4}[\d .\-/]*)$/i;

/**
 * A party cell's name: "" for none, or for an account number alone (Nordea's Avsändare and
 * Mottagare). A card acceptor written as card networks pass it on, name, street, city and postcode
 * parted by backslashes ("RIMI ISETEEN\TAMMSAARE TEE 104A\TALLINN\12918 EST", SEB's), is its name:
 * with two backslashes or more, or with the name padded to its field's width before one ("OLEREX
 * VIIMSI      \MUULI TEE 2"). A name with one backslash of its own ("AC\DC Fan Shop") stays whole.
 */
function partyName(raw: string): string {
  // The cell as written: tidying would fold the padding that marks the name's field.
  const cut = raw.indexOf("\\");
  const acceptor = cut > 0 && (raw.indexOf("\\", cut + 1) > 0 || /\S {2,}$/.test(raw.slice(0, cut)));
  const name = nameBeforeCodes(withoutPartyLabel(cellText(acceptor ? raw.slice(0, cut) : raw)));
  return ACCOUNT_NUMBER.test(name) ? "" : name;
}

/**
 * "Name | BIC | IBAN" (Swedbank Lithuania's party cell, "Vardenis | AGBLLT2XXXX | LT15..."): the
 * name, when every part after it is a code (a BIC, an IBAN, a company's or a bank's number).
 */
function nameBeforeCodes(name: string): string {
  const cut = name.indexOf(" | ");
  if (cut <= 0) return name;
  const codes = name.slice(cut + 3).split(" | ");
  return codes.every((part) => /^[A-Z0-9]{4,34}$/.test(part.replaceAll(" ", ""))) ? name.slice(0, cut) : name;
}

/** A label before a colon is at most this long ("Zahlungsempfänger:", "Beneficiary name:"). */
const MAX_LABEL_LENGTH = 40;

/**
 * A party cell that names its own field before the name ("Zahlungsempfänger:  S.C.D.", Raiffeisen
 * Austria's; "Payee: John Doe"): the label is a party column's name in the header vocabulary, in
 * any of its languages, and the name is what follows it. "Amazon.de: Marketplace" keeps its colon.
 */
function withoutPartyLabel(name: string): string {
  const colon = name.indexOf(":");
  if (colon <= 0 || colon > MAX_LABEL_LENGTH) return name;
  const label = name.slice(0, colon);
  // A time ("REWE 12:34") or a reference is no label: only words are normalised and looked up.
  if (/\d/.test(label)) return name;
  const rest = name.slice(colon + 1).trim();
  return rest !== "" && isPartyName(normaliseHeader(label).name) ? rest : name;
}

function counterpartyOf(cells: readonly string[], map: ColumnMap, amount: string): string | null {
  // The other party is the payee of money out and the payer of money in; with both sides named (DKB:
  // payer and payee on every row, one of them the account holder) that outranks any other column.
  const byDirection = partyName(cellAt(cells, amount.startsWith("-") ? map.payee : map.payer));
  if (byDirection !== "" && map.payer !== null && map.payee !== null) return byDirection;
  const direct = partyName(cellAt(cells, map.counterparty));
  if (direct !== "") return direct;
  return byDirection === "" ? null : byDirection;
}

interface UndatedBalance {
  kind: "opening" | "closing";
  text: string;
  figure: string;
  currency: string | null;
}

/**
 * For a row without text: an opening or closing balance's words in a column that holds no text of
 * the row's (not its date, money or marks, nor a description, party or type column), the row's other
 * cells read as one text. Null when the row names a party or its other cells say anything else. The
 * columns are told apart once per table, not per row.
 */
function otherWordsOf(
  map: ColumnMap,
): (cells: readonly string[]) => { kind: "opening" | "closing"; text: string } | null {
  const present = (index: number | null): index is number => index !== null;
  const parties = [map.counterparty, map.payer, map.payee].filter(present);
  const notWords = new Set(
    [
      map.date,
      map.valueDate,
      map.amount,
      map.debit,
      map.credit,
      map.balance,
      map.currency,
      map.indicator,
      ...map.type,
    ].filter(present),
  );
  return (cells) => {
    if (parties.some((index) => cellAt(cells, index) !== "")) return null;
    const words = cells.filter((cell, index) => cell !== "" && !notWords.has(index));
    const text = joinText(words);
    const kind = words.length === 0 ? null : summaryKind(text);
    return kind === "opening" || kind === "closing" ? { kind, text } : null;
  };
}

/**
 * A line whose text says it is an opening or closing balance and whose balance column holds its
 * figure, or, without one, its signed amount column ("SALDO INICIAL" over "-39411,01" under
 * "IMPORTE", a Galician bank's); null otherwise.
 */
function balanceInText(
  record: TableRecord,
  map: ColumnMap,
  formats: RowFormats,
  hasAmount: boolean,
): UndatedBalance | null {
  const text = joinText(map.description.map((i) => cellAt(record.cells, i)));
  const kind = text === "" ? null : summaryKind(text);
  if (kind !== "opening" && kind !== "closing") return null;
  const inBalance = map.balance === null ? "" : cellAt(record.cells, map.balance);
  const figure =
    inBalance !== "" && !hasAmount
      ? cellAmount(record, map.balance, formats.separators.balance)
      : inBalance === "" && hasAmount && formats.reading === "signed" && map.amount !== null
        ? cellAmount(record, map.amount, formats.separators.amount)
        : null;
  if (figure === null) return null;
  const currencyCell = map.currency === null ? "" : cellAt(record.cells, map.currency);
  return { kind, text, figure, currency: currencyCell ? currencyOfCell(currencyCell) : null };
}

/**
 * True when a spreadsheet's number cells in the date column are its days (serials, YYYYMMDD): as many
 * as its text days at least. Where the days are text ("28/04/25", HDFC's), a number there is a figure.
 */
function numbersAreDays(records: readonly TableRecord[], column: number, order: DayReading): boolean {
  let numbers = 0;
  for (const record of records) {
    const typed = record.typed?.[column];
    if (typed && typed.amount !== null && typed.day !== null) numbers++;
  }
  // Without such numbers (every CSV file) there is nothing to decide, and the text days are not read twice.
  if (numbers === 0) return false;
  let texts = 0;
  for (const record of records) {
    if (record.typed?.[column] || (record.cells[column] ?? "") === "") continue;
    if (cellDay(record, column, order) !== null && ++texts > numbers) return false;
  }
  return true;
}

/**
 * Titles of a section under the statement's rows that holds none of them: a summary that repeats some
 * (Santander Chile's "Resumen comisiones", its fees again), the latest entries after the statement's
 * period (Bradesco's "Últimos Lançamentos"), pending ones, the balance of each day. Compared without
 * accents, lower case, at the start of the line's words.
 */
const OTHER_SECTION_TITLE =
  /^(?:resumen|resumo|summary|zusammenfassung|riepilogo|recapitulatif|podsumowanie|souhrn|ultimos lancamentos|proximos lancamentos|lancamentos futuros|movimientos pendientes|movimentos pendentes|pending transactions|saldos diarios|daily balances)(?: [\p{L}\p{N}]+){0,2}$/u;

/**
 * The line's words, each said once (a merged cell repeats them across the line), when they are such a
 * title with at most two words after it ("Resumen comisiones"); null otherwise. A sentence that starts
 * so is no title ("Pending Transactions are not reflected within this sort criterion.", Schwab's note).
 */
function otherSectionTitle(cells: readonly string[]): string | null {
  const words = [...new Set(cells.map((cell) => tidyText(cell)).filter((cell) => cell !== ""))].join(" ");
  return words.length <= 60 && OTHER_SECTION_TITLE.test(withoutAccents(words).toLowerCase().trim()) ? words : null;
}

/** True for a line that repeats two of the table's column names or more, each in its own column. */
function repeatsHeader(cells: readonly string[], headers: readonly string[] | undefined): boolean {
  if (!headers) return false;
  let same = 0;
  cells.forEach((cell, index) => {
    if (cell !== "" && cell.toLowerCase() === (headers[index] ?? "").trim().toLowerCase()) same++;
  });
  return same >= 2;
}

/** Money as a balance line prints it: with cents or a sign ("+1.234,56", "-20.00"); "2024" is a year. */
const MONEY_SHAPE = /\d[.,]\d{1,2}(?!\d)|^\s*[+-]/;

/**
 * A line whose date column holds an opening or closing balance's words and whose other cells hold
 * one amount and nothing else but a currency: that balance, undated, signed as the rows' amounts are
 * (a card's positive spending, a figure under the debit column).
 */
function undatedBalance(record: TableRecord, map: ColumnMap, formats: RowFormats): UndatedBalance | null {
  const { cells } = record;
  const text = tidyText(cellAt(cells, map.date));
  const kind = text === "" ? null : summaryKind(text);
  if (kind !== "opening" && kind !== "closing") return null;
  const others = cells.flatMap((cell, index) => (index !== map.date && cell.trim() !== "" ? [{ cell, index }] : []));
  const currencyCell = others.find(({ cell }) => currencyOfCell(cell) !== null);
  const figures = others.filter((other) => other !== currencyCell);
  const [figure] = figures;
  if (figures.length !== 1 || !MONEY_SHAPE.test(figure!.cell)) return null;
  const { index } = figure!;
  const read =
    cellAmount(record, index, formats.separators.balance) ?? cellAmount(record, index, formats.separators.amount);
  if (read === null) return null;
  const debit = index === map.debit || formats.reading === "signed_debit_positive";
  const signed = debit ? negateAmount(index === map.debit ? absoluteAmount(read) : read) : read;
  return { kind, text, figure: signed, currency: currencyCell ? currencyOfCell(currencyCell.cell) : null };
}
