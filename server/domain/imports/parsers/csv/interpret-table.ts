/**
 * A statement table read into statements, the same way for a CSV file and for a spreadsheet's
 * sheet: bank profile and columns -> formats and semantics -> rows -> statements. The caller finds
 * the table (see table.ts) and says how its cells were typed (see cells.ts).
 */
import type { ParsedFile, ParseOptions } from "../types";
import { cellLocation, isDateCell, isTyped, type TableRecord } from "./cells";
import { type ColumnMap, mapColumnsByName, namesContradictContent } from "./columns";
import type { Delimiter } from "./dialect";
import { decideDateOrder, decideSeparators } from "./formats";
import { isCurrencyCell, normaliseHeader } from "./headers";
import { currencyFromSymbol } from "./numbers";
import { type BankProfile, profileForHeader, profileForRows } from "./profiles";
import { readRows } from "./rows";
import { decideSemantics } from "./semantics";
import { buildStatements } from "./statements";
import { indicatorDirection } from "./column-facts";
import { settleColumns } from "./settle-columns";
import { isBlank, looksLikeDataRow, readPreamble, type TableLayout, tidyAccountIdentifier } from "./table";
import type { ColumnRole } from "./headers";

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

const SAMPLE_SIZE = 500;

interface Layout {
  profile: BankProfile | null;
  map: ColumnMap;
  /** Raw header cells; empty for files without a header row. */
  headers: string[];
  /** Number of named columns; cells beyond it are extra text. */
  width: number;
}

/** Header, bank profile and columns, from the header row and a sample of the data rows (`data`, cells trimmed). */
function layoutOf(records: readonly TableRecord[], table: TableLayout, data: TableRecord[], warnings: string[]): Layout {
  // Footers and marker lines would dilute the content checks; sample the rows that look like data.
  const filled = data.filter((r) => !isBlank(r));
  const dataLike = filled.slice(0, SAMPLE_SIZE * 2).filter(looksLikeDataRow);
  const sample = (dataLike.length > 0 ? dataLike : filled).slice(0, SAMPLE_SIZE);
  const width = Math.max(0, ...filled.slice(0, SAMPLE_SIZE * 2).map((r) => r.cells.length));
  if (table.headerIndex !== null) {
    const headers = records[table.headerIndex]?.cells ?? [];
    let names = headers.map((cell) => normaliseHeader(cell).name);
    if (namesContradictContent(names, sample)) {
      warnings.push("The column names do not match what the columns hold, so the columns were recognised from their content");
      names = names.map(() => "");
    }
    const profile = profileForHeader(names);
    if (profile?.renameHeaders) names = profile.renameHeaders(names);
    const named = mapColumnsByName(names, sample, profile?.columns);
    const locked = new Set(Object.keys(profile?.columns ?? {}) as ColumnRole[]);
    const map = settleColumns({ map: named, sample, names, width: Math.max(width, headers.length), locked });
    return { profile, map, headers, width: headers.length };
  }
  const dataRows = sample;
  const match = profileForRows(dataRows.map((r) => r.cells));
  if (match) {
    const map = mapColumnsByName(match.names, dataRows, match.profile.columns);
    return { profile: match.profile, map, headers: [], width: Math.max(width, match.names.length) };
  }
  warnings.push("The file has no header row; its columns were recognised from their content");
  const unnamed = mapColumnsByName([], dataRows);
  return { profile: null, map: settleColumns({ map: unnamed, sample: dataRows, names: [], width, locked: new Set() }), headers: [], width };
}

/**
 * A mark column that only ever marks one direction ("CR" on credits, nothing on debits) means the
 * other direction where it is blank.
 */
function blankIndicatorOf(data: readonly TableRecord[], indicator: number | null): "debit" | "credit" | null {
  if (indicator === null) return null;
  let credits = 0;
  let debits = 0;
  let blanks = 0;
  for (const record of data) {
    const mark = (record.cells[indicator] ?? "").trim();
    if (mark === "") blanks++;
    else if (indicatorDirection(mark) > 0) credits++;
    else if (indicatorDirection(mark) < 0) debits++;
  }
  if (blanks === 0) return null;
  if (credits > 0 && debits === 0) return "debit";
  if (debits > 0 && credits === 0) return "credit";
  return null;
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
  const data = records.slice(table.dataStart).map((r) => ({ ...r, cells: r.cells.map((c) => c.trim()) }));
  const { profile, map, headers, width } = layoutOf(records, table, data, warnings);
  const first = records[table.headerIndex ?? records.findIndex((r) => !isBlank(r))];
  const at = first ? cellLocation(first, 0) : "line 1";
  if (map.date < 0) return { missing: "No column of dates was found", at };
  if (map.amount === null && map.debit === null && map.credit === null) return { missing: "No amount column was found", at };

  const column = (index: number | null) => (index === null ? [] : data.map((r) => r.cells[index] ?? "").filter((v) => v !== ""));
  // Formats are told by text cells; a spreadsheet's number and date cells need no telling.
  const texts = (index: number | null) =>
    index === null ? [] : data.map((r) => (isTyped(r, index) ? "" : (r.cells[index] ?? ""))).filter((v) => v !== "");
  const separators = decideSeparators(
    { amount: texts(map.amount), debit: texts(map.debit), credit: texts(map.credit), balance: texts(map.balance) },
    options.delimiter,
  );

  const facts = readPreamble(preamble);
  // "Betrag (EUR)", "Withdrawals (SGD)": the amount columns' own header first, then any header.
  const headerCurrencies = headers.map((h) => normaliseHeader(h).currency);
  const headerCurrency =
    [map.amount, map.debit, map.credit].map((i) => (i === null ? null : headerCurrencies[i])).find((c) => c) ??
    headerCurrencies.find((c) => c) ??
    null;
  const statedCurrency = headerCurrency ?? facts.currencyCode ?? profile?.currencyCode ?? null;
  const fileCurrency = column(map.currency).find(isCurrencyCell) ?? statedCurrency;
  const defaultCurrency = options.defaultCurrencyCode ?? null;

  const hints = {
    delimiter: options.delimiter,
    decimalSeparator: separators.proven,
    currencyCode: fileCurrency ?? defaultCurrency,
    profileOrder: profile?.dateOrder ?? null,
    profileName: profile?.name ?? null,
  };
  const dateOrder = decideDateOrder(texts(map.date), hints);
  const valueDateOrder = decideDateOrder(texts(map.valueDate), { ...hints, profileOrder: dateOrder.order });
  if (dateOrder.warning) warnings.push(dateOrder.warning);

  const semantics = decideSemantics({
    map,
    rows: data.filter((r) => isDateCell(r, map.date)),
    amountSeparator: separators.amount,
    profile,
    context: [...headers, ...preamble.flatMap((r) => r.cells)],
    requested: options.amountSemantics,
  });
  warnings.push(...semantics.warnings);

  const { drafts, printedClosing, warnings: rowWarnings } = readRows(data, width, map, {
    dateOrder: dateOrder.order,
    valueDateOrder: valueDateOrder.order,
    separators,
    reading: semantics.reading,
    blankIndicator: profile?.blankIndicator ?? blankIndicatorOf(data, map.indicator),
  });
  warnings.push(...rowWarnings);
  if (drafts.length === 0) warnings.push("The file holds no transactions");

  const accountCell = column(map.account)[0];
  const { statements, warnings: balanceWarnings } = buildStatements(drafts, {
    accountIdentifier: (accountCell ? tidyAccountIdentifier(accountCell) : null) ?? facts.accountIdentifier,
    currencyOf: (draft) => {
      const own = draft.currencyCell && isCurrencyCell(draft.currencyCell) ? draft.currencyCell : null;
      return own ?? statedCurrency ?? currencyFromSymbol(draft.amountText, defaultCurrency);
    },
    defaultCurrency,
    fallbackCurrency: statedCurrency ?? defaultCurrency,
    balancePerCurrency: map.balance !== null,
    balanceIsBefore: map.balanceIsBefore,
    printedClosing,
  });
  warnings.push(...balanceWarnings);

  return {
    bankKey: profile?.key ?? options.fallbackBankKey,
    bankName: profile?.name ?? null,
    statements,
    amountSemantics: semantics.semantics,
    amountSemanticsRequired: semantics.required,
    warnings,
  };
}
