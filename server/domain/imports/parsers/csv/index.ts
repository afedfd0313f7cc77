/**
 * parseCsv: a bank's CSV export (any of the common encodings, delimiters and layouts) read into
 * statements. See the module files for each step: encoding -> dialect -> table -> profile and
 * columns -> formats and semantics -> rows -> statements.
 */
import type { ParsedFile, ParseOptions } from "../types";
import { StatementUnreadableError } from "../types";
import { type ColumnMap, inferColumnsFromContent, mapColumnsByName } from "./columns";
import { parseDate } from "./dates";
import { type CsvRecord, detectDelimiter, normaliseLineEndings, readRecords } from "./dialect";
import { decodeCsvBytes } from "./encoding";
import { decideDateOrder, decideSeparators } from "./formats";
import { isCurrencyCell, normaliseHeader } from "./headers";
import { currencyFromSymbol } from "./numbers";
import { type BankProfile, profileForHeader, profileForRows } from "./profiles";
import { readRows } from "./rows";
import { decideSemantics } from "./semantics";
import { buildStatements } from "./statements";
import { findTable, isBlank, looksLikeDataRow, readPreamble, type TableLayout, tidyAccountIdentifier } from "./table";

export { StatementUnreadableError };

const SAMPLE_SIZE = 500;

interface Layout {
  profile: BankProfile | null;
  map: ColumnMap;
  /** Raw header cells; empty for files without a header row. */
  headers: string[];
  /** Number of named columns; cells beyond it are extra text. */
  width: number;
  headerLine: number | null;
}

/** Header, bank profile and columns, from the header row and a sample of the data rows (`data`, cells trimmed). */
function layoutOf(records: CsvRecord[], table: TableLayout, data: CsvRecord[], warnings: string[]): Layout {
  // Footers and marker lines would dilute the content checks; sample the rows that look like data.
  const filled = data.filter((r) => !isBlank(r)).map((r) => r.cells);
  const dataLike = filled.slice(0, SAMPLE_SIZE * 2).filter((cells) => looksLikeDataRow(cells));
  const sample = (dataLike.length > 0 ? dataLike : filled).slice(0, SAMPLE_SIZE);
  if (table.headerIndex !== null) {
    const header = records[table.headerIndex];
    const headers = header?.cells ?? [];
    let names = headers.map((cell) => normaliseHeader(cell).name);
    const profile = profileForHeader(names);
    if (profile?.renameHeaders) names = profile.renameHeaders(names);
    const map = mapColumnsByName(names, sample, profile?.columns);
    return { profile, map, headers, width: headers.length, headerLine: header?.line ?? null };
  }
  const dataRows = dataLike.slice(0, SAMPLE_SIZE);
  const match = profileForRows(dataRows);
  const headerless = { headers: [], headerLine: null };
  const width = Math.max(0, ...filled.map((cells) => cells.length));
  if (match) {
    const map = mapColumnsByName(match.names, dataRows, match.profile.columns);
    return { ...headerless, profile: match.profile, map, width: Math.max(width, match.names.length) };
  }
  warnings.push("The file has no header row; its columns were recognised from their content");
  return { ...headerless, profile: null, map: inferColumnsFromContent(dataRows), width };
}

/** Reads a CSV bank statement; throws StatementUnreadableError (with the line) when it cannot. */
export function parseCsv(bytes: Buffer, options: ParseOptions = {}): ParsedFile {
  const { text } = decodeCsvBytes(bytes);
  const normalised = normaliseLineEndings(text);
  const delimiter = detectDelimiter(normalised);
  const records = readRecords(normalised, delimiter);
  const warnings: string[] = [];
  const table = findTable(records);
  const preamble = table.preamble;
  // The data records with their cells trimmed, once: every step below reads these.
  const data = records.slice(table.dataStart).map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) }));
  const { profile, map, headers, width, headerLine } = layoutOf(records, table, data, warnings);
  const where = headerLine !== null ? `line ${headerLine}` : `line ${records.find((r) => !isBlank(r))?.line ?? 1}`;
  if (map.date < 0) throw new StatementUnreadableError("No column of dates was found", where);
  if (map.amount === null && map.debit === null && map.credit === null) {
    throw new StatementUnreadableError("No amount column was found", where);
  }

  const rows = data.map((r) => r.cells);
  const column = (index: number | null) => (index === null ? [] : rows.map((cells) => cells[index] ?? "").filter((v) => v !== ""));
  const separators = decideSeparators(
    { amount: column(map.amount), debit: column(map.debit), credit: column(map.credit), balance: column(map.balance) },
    delimiter,
  );

  const facts = readPreamble(preamble);
  // "Betrag (EUR)", "Withdrawals (SGD)": the amount columns' own header first, then any header.
  const headerCurrencies = headers.map((h) => normaliseHeader(h).currency);
  const headerCurrency =
    [map.amount, map.debit, map.credit].map((i) => (i === null ? null : headerCurrencies[i])).find((c) => c) ??
    headerCurrencies.find((c) => c) ??
    null;
  const columnCurrency = column(map.currency).find(isCurrencyCell) ?? null;
  const fileCurrency = columnCurrency ?? headerCurrency ?? facts.currencyCode ?? profile?.currencyCode ?? null;

  const hints = {
    delimiter,
    decimalSeparator: separators.proven,
    currencyCode: fileCurrency ?? options.defaultCurrencyCode ?? null,
    profileOrder: profile?.dateOrder ?? null,
    profileName: profile?.name ?? null,
  };
  const dateOrder = decideDateOrder(column(map.date), hints);
  const valueDateOrder = decideDateOrder(column(map.valueDate), { ...hints, profileOrder: dateOrder.order });
  if (dateOrder.warning) warnings.push(dateOrder.warning);

  const datedRows = rows.filter((cells) => {
    const cell = cells[map.date] ?? "";
    return parseDate(cell, "dmy") !== null || parseDate(cell, "mdy") !== null;
  });
  const semantics = decideSemantics({
    map,
    rows: datedRows,
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
    blankIndicator: profile?.blankIndicator ?? null,
  });
  warnings.push(...rowWarnings);
  if (drafts.length === 0) warnings.push("The file holds no transactions");

  const accountCell = column(map.account)[0];
  const statements = buildStatements(drafts, {
    accountIdentifier: (accountCell ? tidyAccountIdentifier(accountCell) : null) ?? facts.accountIdentifier,
    balanceIsBefore: map.balanceIsBefore,
    printedClosing,
    currencyOf: (draft) => {
      const own = draft.currencyCell && isCurrencyCell(draft.currencyCell) ? draft.currencyCell : null;
      const fallback = options.defaultCurrencyCode ?? null;
      const symbol = currencyFromSymbol(draft.amountText, fallback);
      return own ?? headerCurrency ?? facts.currencyCode ?? profile?.currencyCode ?? symbol ?? fallback;
    },
    fallbackCurrency: fileCurrency ?? options.defaultCurrencyCode ?? null,
  });

  return {
    fileType: "csv",
    bankKey: profile?.key ?? "generic_csv",
    bankName: profile?.name ?? null,
    statements,
    amountSemantics: semantics.semantics,
    amountSemanticsRequired: semantics.required,
    warnings,
  };
}
