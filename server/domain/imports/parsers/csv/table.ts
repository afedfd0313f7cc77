/**
 * Where the table is: title and metadata lines before it (the preamble), the header row if there
 * is one, and the data rows after it. Footers are left to the row reader, which skips what is not a
 * transaction.
 */
import { addDays } from "../../../time/calendar";
import { cellDay, isDateCell, type TableRecord } from "./cells";
import { headerRoles } from "./columns";
import { decimalSeparatorOf, parseAmount } from "../numbers";
import { looksLikeDate, parseDate } from "./dates";
import {
  type ColumnRole,
  currencyOfCell,
  isCurrencyCode,
  isPartialMatch,
  normaliseHeader,
  rolesForName,
} from "./headers";
import { currencyFromSymbol, looksLikeAmount } from "./numbers";
import { withoutAccents } from "./accents";
import { StatementUnreadableError, type ColumnChoice } from "../types";

export interface TableLayout {
  /** Index of the header record, or null for files without one. */
  headerIndex: number | null;
  /** Index of the first record after the header (or of the first data-looking record). */
  dataStart: number;
  preamble: TableRecord[];
  /** The header row a person named holds a date and an amount: likely a transaction, not column names. */
  headerLooksLikeData?: boolean;
}

export interface PreambleFacts {
  accountIdentifier: string | null;
  currencyCode: string | null;
  /** A closing balance the lines above the table state ("Kontostand vom 30.10.2025:";"1.234,56 €"). */
  closing: PreambleBalance | null;
  /** An opening balance they state ("SALDO INICIAL" over "1,097,809", Santander Chile's; "Sold initial"). */
  opening: PreambleBalance | null;
}

export interface PreambleBalance {
  amount: string;
  /** Its figure reads as money: a decimal or grouping mark, a sign, or a currency ("2024" alone does not). */
  shaped?: boolean;
  /** The day its line names, else null (the statement's last day is meant). */
  date: string | null;
  currency: string | null;
}

/**
 * The names banks give the balance at the end of a statement above its table, compared lower case
 * without accents, with a day and the word before it left out ("Kontostand vom 30.10.2025",
 * "Koncový stav účtu k 30.09.2023", "Laatste saldo", "Closing Balance", "Saldo").
 */
const PREAMBLE_CLOSING =
  /^(closing balance|ending balance|ledger balance|balance|kontostand|neuer kontostand|endsaldo|saldo|laatste saldo|eindsaldo|nieuw saldo|koncovy stav(?: uctu)?|konecny zustatek|solde|solde final|nouveau solde|saldo final|saldo finale|saldo contabile|saldo contable|saldo contabil|saldo contabilistico|saldo koncowe|stan koncowy|zaro egyenleg|utgaende saldo|loppusaldo|sold final)$/;
/** The names banks give the balance at the start of a statement above its table, compared as PREAMBLE_CLOSING's. */
const PREAMBLE_OPENING =
  /^(opening balance|starting balance|beginning balance|previous balance|anfangssaldo|alter kontostand|saldo inicial|saldo anterior|saldo iniziale|solde initial|solde precedent|ancien solde|beginsaldo|vorig saldo|sold initial|saldo poczatkowe|pocatecni zustatek|nyito egyenleg|ingaende saldo)$/;
/** The day shapes a balance's line names: "31.12.2024", "2024-12-31", "31/12/2024". */
const NAMED_DAY_SHAPES = String.raw`\d{1,2}\.\s?\d{1,2}\.\s?\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}`;
/** A day in a balance's name, and the word that leads to it ("vom", "k", "per", "au", "as of", "op"). */
const NAMED_DAY = new RegExp(
  String.raw`\s*(?:\b(?:vom|zum|am|per|k|ke dni|au|du|al|op|on|as of|at)\s+)?(${NAMED_DAY_SHAPES})\s*`,
);

/** A day after a balance's figure, led by its word: "as of 20250412", "per 31.12.2024", "au 31/12/2024". */
const DAY_AFTER_FIGURE = new RegExp(
  String.raw`\s+(?:as of|as at|per|vom|zum|am|au|du|al|op|on|at)\s+(${NAMED_DAY_SHAPES}|\d{8})\s*$`,
  "i",
);

/**
 * The balance a preamble cell (and the one after it) states, if the cell names one of `names`; a sign
 * several currencies share ("$") is the account's when it is one of them (a peso account's "$ 9.183,43").
 */
function preambleBalance(
  cell: string,
  next: string | undefined,
  names: RegExp,
  accountCurrency: string | null,
): PreambleBalance | null {
  if (cell.length > 80 || !/\p{L}/u.test(cell)) return null;
  const colon = cell.indexOf(":");
  const inCell = colon >= 0 && /\d/.test(cell.slice(colon + 1));
  const key = inCell ? cell.slice(0, colon) : cell.replace(/:\s*$/, "");
  const stated = (inCell ? cell.slice(colon + 1) : (next ?? "")).trim();
  // The day after the figure ("20.00 as of 20250412", ASB's): the balance's date, not more digits of it.
  const dayAfter = DAY_AFTER_FIGURE.exec(stated);
  const value = dayAfter ? stated.slice(0, dayAfter.index).trim() : stated;
  if (!/\d/.test(value) || value.length > 40) return null;
  const day = NAMED_DAY.exec(key) ?? dayAfter;
  const name = (day ? key.replace(NAMED_DAY, " ") : key)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  if (!names.test(name)) return null;
  // A known code ("USD 51383.09") or a sign ("1.234,56 €").
  const currency = currencyFromSymbol(value, accountCurrency);
  const number = value.replace(/[^\d.,'\s+-]/g, "").trim();
  const amount = parseAmount(number.replace(/\s/g, ""), decimalSeparatorOf(number) ?? ".");
  if (amount === null) return null;
  const date = day ? parseDate(day[1]!.replace(/\s/g, ""), "dmy") : null;
  return { amount, date, currency, shaped: /\d[.,']\d|^\s*[+-]/.test(value) || currency !== null };
}

const HEADER_SEARCH_LIMIT = 60;

export function isBlank(record: TableRecord): boolean {
  return record.cells.every((cell) => cell.trim() === "");
}

/** A record with a date cell and an amount cell reads as a transaction row. */
export function looksLikeDataRow(record: TableRecord): boolean {
  const filled = record.cells.map((cell, index) => ({ text: cell.trim(), index })).filter(({ text }) => text !== "");
  const hasDate = filled.some(({ index }) => isDateCell(record, index));
  const hasAmount = filled.some(({ text, index }) => {
    const typed = record.typed?.[index];
    return typed ? typed.amount !== null : looksLikeAmount(text) && !looksLikeDate(text) && /[.,]\d|^[-+]/.test(text);
  });
  return hasDate && hasAmount;
}

/** A date and another cell that is a number, cents or not: a row of a table whose amounts are whole numbers. */
export function hasDateAndNumber(record: TableRecord): boolean {
  const cells = record.cells.map((c) => c.trim());
  const date = cells.findIndex((_, i) => isDateCell(record, i));
  return date >= 0 && cells.some((c, i) => i !== date && c !== "" && looksLikeAmount(c) && !looksLikeDate(c));
}

/** Where a person says the table is: rows to skip at the top, and the header's row (null: there is none). */
export interface TablePlacement {
  skipRows?: number;
  headerRow?: number | null;
  /** Column names a person gave in `parse_options.columns`: the first row holding them all is the header. */
  headerNames?: readonly string[];
}

/** The header names among a person's column choices (positions name no header). */
export function namedHeaders(columns: ColumnChoice | undefined): string[] {
  return Object.values(columns ?? {})
    .flatMap((ref) => (Array.isArray(ref) ? ref : [ref]))
    .filter((ref): ref is string => typeof ref === "string");
}

/**
 * Finds the header: the early record naming the most column roles (at least two, one of them a
 * date or amount), below the rows a person said to skip; or the row a person named. Rows are
 * counted as the file shows them: a CSV's line, a sheet's row number.
 */
export function findTable(records: readonly TableRecord[], placement: TablePlacement = {}): TableLayout {
  const { skipRows = 0, headerRow } = placement;
  const lastRow = records[records.length - 1]?.line ?? 0;
  if (skipRows >= lastRow && skipRows > 0) {
    throw new StatementUnreadableError(
      `parse_options.skip_rows: skipping ${skipRows} rows leaves nothing of a file of ${lastRow} rows`,
    );
  }
  if (headerRow !== undefined && headerRow !== null) {
    if (placement.skipRows !== undefined && skipRows >= headerRow) {
      throw new StatementUnreadableError(
        `parse_options.skip_rows: ${skipRows} rows would skip the header row ${headerRow} (the rows above a header need no skipping)`,
      );
    }
    const index = records.findIndex((r) => r.line === headerRow);
    if (index < 0) throw new StatementUnreadableError(`parse_options.header_row: the file has no row ${headerRow}`);
    const header = records[index] as TableRecord;
    return {
      headerIndex: index,
      dataStart: index + 1,
      preamble: records.slice(0, index),
      headerLooksLikeData: looksLikeDataRow(header),
    };
  }
  const start = Math.max(
    0,
    records.findIndex((r) => r.line > skipRows),
  );
  if (headerRow === null) return { headerIndex: null, dataStart: start, preamble: records.slice(0, start) };
  // The row naming the most roles, unless a row above it names a date and an amount, has transactions
  // under it and the better-named row has none: HDFC's later "Loan Type~Loan Number~Loan Booked
  // Date~Loan Amount~..." block names more columns than its card table's header. A summary line above
  // a table (a statement date and balances) names no amount, and an empty month's header stays.
  let best: number | null = null;
  let bestScore = 1;
  let aboveData: number | null = null;
  let aboveDataScore = 1;
  const limit = Math.min(records.length, start + HEADER_SEARCH_LIMIT);
  for (let i = start; i < limit; i++) {
    const record = records[i];
    if (!record || isBlank(record)) continue;
    const roles = headerRoles(record.cells);
    if (roles.size > bestScore) {
      best = i;
      bestScore = roles.size;
    }
    if (roles.size > aboveDataScore && namesDateAndMoney(roles) && transactionFollows(records, i)) {
      aboveData = i;
      aboveDataScore = roles.size;
    }
  }
  if (aboveData !== null && best !== null && best > aboveData && !transactionFollows(records, best)) best = aboveData;
  // Names a person gave place the header when the header found does not hold them all.
  const names = placement.headerNames ?? [];
  const named = best !== null && holdsNames(records[best]!, names) ? best : rowNaming(records, start, names);
  if (named !== null) best = named;
  if (best !== null) return { headerIndex: best, dataStart: best + 1, preamble: records.slice(0, best) };
  // Data rows: a date and an amount; failing that, a date and any number (whole amounts: "50000").
  let first = records.findIndex((record, i) => i >= start && looksLikeDataRow(record));
  if (first < 0) first = records.findIndex((record, i) => i >= start && hasDateAndNumber(record));
  else first = firstOfWholeAmounts(records, first, start);
  if (first >= 0 && isSummaryOverRows(records, first)) first += 1;
  const dataStart = first >= 0 ? first : start;
  const header = first > start ? unnamedHeader(records, first, start) : null;
  if (header !== null) return { headerIndex: header, dataStart: header + 1, preamble: records.slice(0, header) };
  return { headerIndex: null, dataStart, preamble: records.slice(0, dataStart) };
}

/** How far outside the table's days a row above it may lie and still be one of its rows. */
const WHOLE_ROWS_MARGIN_DAYS = 7;
/** The table's rows whose days give its range, from its first row with cents on. */
const RANGE_ROWS = 50;

/**
 * The first of the rows right above `first` (the first with cents or a sign) that are rows of the
 * same table with whole amounts: as many cells, a date in the same column within a week of the
 * table's days and a number beside it, two rows or more (Kiwibank's "3/04/2012,…,,50" over its first
 * "-300"). Without it they were taken for lines above the table and lost without a word. One such
 * line alone stays above the table: a summary ("25/05/2024,Minimum payment due,25", "Opening balance").
 */
function firstOfWholeAmounts(records: readonly TableRecord[], first: number, start: number): number {
  const row = records[first]!;
  const dateColumn = dateColumnOf(row);
  let at = first;
  for (; at > start; at--) {
    const above = records[at - 1]!;
    if (above.cells.length !== row.cells.length || !isDateCell(above, dateColumn) || !hasDateAndNumber(above)) break;
  }
  if (first - at < 2) return first;
  const table = records.slice(first, first + RANGE_ROWS).filter((record) => isDateCell(record, dateColumn));
  const candidates = records.slice(at, first);
  // One day/month order for all of them: the rows above and the table's read alike.
  const order = [...table, ...candidates].every((record) => cellDay(record, dateColumn, "dmy") !== null)
    ? "dmy"
    : "mdy";
  const days = table.map((record) => cellDay(record, dateColumn, order)).filter((day): day is string => day !== null);
  if (days.length === 0) return first;
  days.sort();
  const [low, high] = [addDays(days[0]!, -WHOLE_ROWS_MARGIN_DAYS), addDays(days.at(-1)!, WHOLE_ROWS_MARGIN_DAYS)];
  const within = (record: TableRecord) => {
    const day = cellDay(record, dateColumn, order);
    return day !== null && day >= low && day <= high;
  };
  return candidates.every(within) ? at : first;
}

/** The column of the record's first date cell, or -1. */
const dateColumnOf = (record: TableRecord) => record.cells.findIndex((_, i) => isDateCell(record, i));

/**
 * The first dated line of a headerless file is a summary of the account over its rows when the
 * lines under it (one or two) are rows of another shape: their dates in another column, as many
 * cells as each other and not as it (BNP Paribas's "Crédit immobilier;…;****1234;03/07/2019;;-123 456,78" over
 * "05/06/2019;;; AMORTISSEMENT PRET 1234;67,97"). Read as a row, its date hid the rows' date column.
 */
function isSummaryOverRows(records: readonly TableRecord[], first: number): boolean {
  const line = records[first]!;
  const [next, after] = records.slice(first + 1).filter((record) => !isBlank(record));
  if (!next || !hasDateAndNumber(next)) return false;
  const rowsColumn = dateColumnOf(next);
  // A statement of one row has no second to agree with.
  const agree =
    !after ||
    (hasDateAndNumber(after) && dateColumnOf(after) === rowsColumn && after.cells.length === next.cells.length);
  return agree && rowsColumn !== dateColumnOf(line) && line.cells.length !== next.cells.length;
}

/** A header naming the date and the money: an amount, or a debit or credit column. */
function namesDateAndMoney(roles: ReadonlySet<ColumnRole>): boolean {
  return roles.has("date") && (roles.has("amount") || roles.has("debit") || roles.has("credit"));
}

/** How many non-blank rows under a header a transaction is looked for (a second header row, a marker line between). */
const ROWS_TO_FIRST_TRANSACTION = 3;

/** A transaction among the first non-blank rows under row `header`. */
function transactionFollows(records: readonly TableRecord[], header: number): boolean {
  let seen = 0;
  for (let i = header + 1; i < records.length && seen < ROWS_TO_FIRST_TRANSACTION; i++) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    if (looksLikeDataRow(record) || hasDateAndNumber(record)) return true;
    seen++;
  }
  return false;
}

/** The first early row (from `start`) that holds every one of `names` and is no transaction; null when none does or no name is given. */
function rowNaming(records: readonly TableRecord[], start: number, names: readonly string[]): number | null {
  if (names.length === 0) return null;
  const limit = Math.min(records.length, start + HEADER_SEARCH_LIMIT);
  for (let i = start; i < limit; i++) {
    const record = records[i]!;
    if (holdsNames(record, names) && !looksLikeDataRow(record)) return i;
  }
  return null;
}

/** The row's cells include every one of `names`, in any case (true when no name is given). */
function holdsNames(record: TableRecord, names: readonly string[]): boolean {
  const cells = new Set(record.cells.map((cell) => cell.trim().toLowerCase()));
  return names.every((name) => cells.has(name.trim().toLowerCase()));
}

/**
 * A header in words we do not know ("Column 1", "Кол. 2", "Belopp SEK"): the row right above the
 * first data row (blank rows between allowed) that names about as many columns as the data fills,
 * with no date or amount in it.
 */
function unnamedHeader(records: readonly TableRecord[], firstData: number, start: number): number | null {
  let i = firstData - 1;
  // Blank lines and one-cell marker lines ("Posted Transactions") may stand between header and data.
  while (i >= start && (records[i]?.cells.filter((c) => c.trim() !== "").length ?? 0) < 2) i--;
  if (i < start) return null;
  const candidate = records[i];
  const data = records[firstData];
  if (!candidate || !data) return null;
  const names = candidate.cells.filter((c) => c.trim() !== "");
  const filled = data.cells.filter((c) => c.trim() !== "").length;
  if (names.length < 2 || names.length < filled * 0.6) return null;
  // Names are words: a row of numbers and codes ("K|32000|244081|EUR") is a preamble line.
  if (names.filter((c) => /\p{L}/u.test(c)).length < names.length * 0.75) return null;
  const isValue = (c: string) =>
    isDateCell({ cells: [c], line: 0 }, 0) || looksLikeDate(c) || /\d[.,]\d\d$/.test(c.trim());
  return names.some(isValue) || names.every((c) => looksLikeAmount(c)) ? null : i;
}

const IBAN_IN_TEXT = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b/;
// A title may lead to the label: "Statement of Account No - 922030048910705 for the period ..." (Axis Bank).
const ACCOUNT_KEYS =
  /^(?:statement (?:of|for) )?(?:(?:n\s?[°º]|no\.?|nro\.?|num\.?) de cuenta|iban|account details for|account(?: number| ?no\.?)?|konto(?:nummer)?|rekening(?:nummer)?|cont[ao](?: corrente)?|numero (?:conto|de cuenta|da conta)|numero de compte|cuenta|szamlaszam)\b\s*:?\s*(.*)$/i;

/** A label naming the currency ("Valuta:", "Currency", "Währung"). */
function namesCurrency(cell: string): boolean {
  return rolesForName(normaliseHeader(cell).name).some(
    ({ role, priority }) => role === "currency" && !isPartialMatch(priority),
  );
}

/** Compact IBANs ("DE12 3456 ..." -> "DE123456..."); other account numbers stay as printed. */
export function tidyAccountIdentifier(raw: string): string | null {
  // A quote a malformed line left on the cell is no part of the number.
  const value = raw.trim().replace(/^"+|"+$/g, "");
  // An account number has digits: "bank account" or "XXXX" in an account column is a placeholder.
  if (!/\d/.test(value)) return null;
  const compact = value.replace(/\s+/g, "");
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact) ? compact : value;
}

/**
 * The preamble's lines as label and value cells: each line's filled cells, and a line of labels over
 * a line of their values (Sparda-Bank's "Umsätze ab";"Enddatum";"Kontonummer";"Saldo";"Währung" above
 * "01.01.2024";"15.02.2024";"1234567";"12.345,67";"EUR") read as one label and value per column.
 */
function preambleLines(preamble: readonly TableRecord[]): string[][] {
  const lines: string[][] = [];
  preamble.forEach((record, index) => {
    // A label over its value in one cell ("Nº de Cuenta\nCA 1274461-00001", BROU's) is two cells.
    // So are parts parted by a bar ("Extrato de: Ag: 270 | Conta: 121186-2 | Entre ...", Bradesco's).
    // And labelled parts spaced apart in one cell ("OD Limit :0   Currency :INR", HDFC's).
    lines.push(record.cells.flatMap((c) => (PARTS.test(c) ? c.split(PARTS) : [c])).flatMap(filledTrimmed));
    const labels = record.cells.map((c) => c.trim());
    const values = (preamble[index + 1]?.cells ?? []).map((c) => c.trim());
    if (!isLabelLine(labels)) return;
    // An account's label over its number in a block of three labels or more over their values, the
    // others words ("Nombre" | "Moneda" | "Nro de cuenta" above "RIZZO ..." | "Dólares" | "1064597", Itaú
    // Uruguay's): that pair alone. Two cells over two are a label and its value each ("Kundennummer";"987...").
    const filled = labels.filter((label) => label !== "").length;
    const underLabels = values.every((value, column) => value === "" || (labels[column] ?? "") !== "");
    // One line of values: under a second one the labels head a list (of accounts), not one account's facts.
    const second = (preamble[index + 2]?.cells ?? []).map((cell) => cell.trim());
    const listed =
      second.filter((cell) => cell !== "").length === filled &&
      second.every((c, i) => c === "" || (labels[i] ?? "") !== "");
    if (filled >= 3 && underLabels && values.filter((value) => value !== "").length === filled && !listed) {
      labels.forEach((label, column) => {
        const value = values[column] ?? "";
        const keyed = ACCOUNT_KEYS.exec(withoutAccents(label));
        if (keyed && (keyed[1] ?? "").trim() === "" && isAccountNumber(value)) lines.push([label, value]);
      });
    }
    if (!isValueLine(values, labels)) return;
    // One line of values only: a second is a table of its own (balances by date or by currency).
    const after = preamble[index + 2]?.cells.map((c) => c.trim()) ?? [];
    if (isValueLine(after, labels)) return;
    labels.forEach((label, column) => {
      const value = values[column] ?? "";
      if (label !== "" && value !== "") lines.push([label, value]);
    });
  });
  return lines;
}

/** A number that is a day alone ("01/04/2024" of "for the period 01/04/2024 to ..."), not a sort code and account ("20-05-10 12345678"). */
function isDate(number: string): boolean {
  return (
    /^\d{1,4}([./-])\d{1,2}\1\d{1,4}$/.test(number) && (parseDate(number, "dmy") ?? parseDate(number, "mdy")) !== null
  );
}

/** An IBAN, or digits with separators and masks ("BLZ 1203..." is not). */
function isAccountNumber(cell: string): boolean {
  return IBAN_IN_TEXT.test(cell) || /^[\d*Xx][\d\s*Xx./-]*\d$/.test(cell);
}

/**
 * What parts a preamble cell in two: a line break, a bar between spaces, three spaces or more, or a
 * semicolon before a space in a file parted by another mark ("Bank 12; Branch 3405; Account 0123456-50", ASB's).
 */
const PARTS = /\n| \| | {3,}|; /;

const filledTrimmed = (cell: string): string[] => {
  const trimmed = cell.trim();
  return trimmed === "" ? [] : [trimmed];
};

/** Two words or more and no figure: names of the values below them. */
function isLabelLine(cells: readonly string[]): boolean {
  const filled = cells.filter((c) => c !== "");
  return filled.length >= 2 && filled.every((c) => !/\d/.test(c));
}

/**
 * Values under `labels`, column by column: filled where a label stands and nowhere else, each a
 * figure (a number, a date) or a currency code.
 */
function isValueLine(cells: readonly string[], labels: readonly string[]): boolean {
  if (!cells.some((c) => /\d/.test(c))) return false;
  const width = Math.max(cells.length, labels.length);
  for (let column = 0; column < width; column++) {
    const value = cells[column] ?? "";
    if (value === "") continue;
    if ((labels[column] ?? "") === "") return false;
    if (!/\d/.test(value) && !isCurrencyCode(value)) return false;
  }
  return true;
}

/** Account number and currency from metadata lines such as "IBAN;DE12 ..." or "Account Number : 0808...". */
/**
 * What the lines above a table (or the summary under it) say of the statement. `figuresOnly`: a
 * balance must read as money, with a decimal or grouping mark, a sign or a currency; under the rows a
 * bare "2024" is a year ("Neuer Kontostand;2024").
 */
export function readPreamble(
  preamble: readonly TableRecord[],
  accountCurrency: string | null = null,
  figuresOnly = false,
): PreambleFacts {
  let accountIdentifier: string | null = null;
  let currencyCode: string | null = null;
  let closing: PreambleBalance | null = null;
  let opening: PreambleBalance | null = null;
  const money = (balance: PreambleBalance | null) => (balance && (!figuresOnly || balance.shaped) ? balance : null);
  for (const cells of preambleLines(preamble)) {
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] ?? "";
      // "Número de Cuenta:" as "Numero de Cuenta:": the account keys are written without accents.
      const keyed = ACCOUNT_KEYS.exec(withoutAccents(cell));
      // The number in the label's own cell, else in the next filled one, also after a number sign
      // ("Cuenta N°:" | | "00-123-45678-90", Banco de Chile's); not after another word ("Account Name:").
      const inCell = (keyed?.[1] ?? "").trim();
      const numberSign = /^(?:n|no|nr|n°|nº|num|number|numero)?[.:\s]*$/i.test(inCell);
      const next = cells[i + 1] ?? "";
      // The next cell is the number when it is one: an IBAN, or digits with separators and masks ("BLZ 1203..." is not).
      const nextIsNumber = isAccountNumber(next);
      // After a label alone the next cell is its value, as it always was ("FRANK Account 666-666666-666").
      const value = keyed ? (inCell === "" ? next : numberSign ? (nextIsNumber ? next : "") : inCell) : "";
      // Only a value with a digit is a number ("Account Statement Details" is a title), and a date is
      // none ("Statement of Account for the period 01/04/2024 ...").
      const number = /\d[\d ./-]{4,}\d/.exec(value);
      if (!accountIdentifier && /\d/.test(value) && !(number && isDate(number[0]))) {
        // "FRANK Account 666-666666-666" -> the number itself; "DE99... / Girokonto" (DKB's) -> the IBAN
        const ibanInValue = IBAN_IN_TEXT.exec(value)?.[1];
        accountIdentifier = tidyAccountIdentifier(ibanInValue ?? (number ? number[0] : value));
      }
      const iban = IBAN_IN_TEXT.exec(cell);
      if (!accountIdentifier && iban?.[1]) accountIdentifier = tidyAccountIdentifier(iban[1]);
      const code = cell.replace(/^:\s*/, "");
      if (!currencyCode && isCurrencyCode(code) && code === code.toUpperCase()) currencyCode = code;
      // A currency's local name ("LEI") after a cell naming the currency ("Valuta:").
      if (!currencyCode && i > 0 && namesCurrency(cells[i - 1]!)) {
        const named = currencyOfCell(code);
        if (named !== null && isCurrencyCode(named)) currencyCode = named;
      }
      // A label and its code in one cell ("Currency :INR", HDFC's; "Moeda: EUR").
      const colon = cell.indexOf(":");
      if (!currencyCode && colon > 0 && namesCurrency(cell.slice(0, colon))) {
        const named = cell.slice(colon + 1).trim();
        if (isCurrencyCode(named) && named === named.toUpperCase()) currencyCode = named;
        // Or its name ("Currency:Naira", GTBank's).
        else if (!/^[A-Za-z]{3}$/.test(named)) {
          const code = currencyOfCell(named);
          if (code !== null && isCurrencyCode(code)) currencyCode = code;
        }
      }
      closing ??= money(preambleBalance(cell, cells[i + 1], PREAMBLE_CLOSING, accountCurrency));
      opening ??= money(preambleBalance(cell, cells[i + 1], PREAMBLE_OPENING, accountCurrency));
    }
  }
  return { accountIdentifier, currencyCode, closing, opening };
}
