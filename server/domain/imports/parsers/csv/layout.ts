/**
 * The table's layout: header names, bank profile and the column of each role, from the header row
 * (when the names agree with the cells), a person's `parse_options.columns`, and the cells themselves.
 */
import type { ColumnChoice } from "../types";
import type { TableRecord } from "./cells";
import { resolveColumnChoice } from "./column-choice";
import { indicatorDirection } from "./column-facts";
import { type ColumnMap, mapColumnsByName, namesContradictContent } from "./columns";
import { type ColumnRole, normaliseHeader } from "./headers";
import { type BankProfile, profileForHeader, profileForRows } from "./profiles";
import { settleColumns } from "./settle-columns";
import { hasDateAndNumber, isBlank, looksLikeDataRow, type TableLayout } from "./table";

const SAMPLE_SIZE = 500;

interface Layout {
  profile: BankProfile | null;
  map: ColumnMap;
  /** Raw header cells; empty for files without a header row. */
  headers: string[];
  /** Number of named columns; cells beyond it are extra text. */
  width: number;
}

/**
 * The rows the columns are judged on: up to 500 that look like data (footers and marker lines would
 * dilute the content checks), and the widest of them. `data` are the records after the header, trimmed.
 */
export function tableSample(data: readonly TableRecord[]): { sample: TableRecord[]; width: number } {
  // Only the first filled rows are looked at: the rest of a 100k-row file is not walked.
  const filled: TableRecord[] = [];
  for (const record of data) {
    if (filled.length === SAMPLE_SIZE * 2) break;
    if (!isBlank(record)) filled.push(record);
  }
  const dataLike = filled.filter(looksLikeDataRow);
  // Amounts in whole numbers ("3670", PUMB's): the rows with cents alone would be a biased few (the
  // debits, say, with every credit whole), so the rows with a date and any number are judged.
  const dated = dataLike.length * 2 < filled.length ? filled.filter(hasDateAndNumber) : [];
  const rows = dated.length > dataLike.length * 2 ? dated : dataLike.length > 0 ? dataLike : filled;
  const sample = rows.slice(0, SAMPLE_SIZE);
  return { sample, width: Math.max(0, ...filled.map((r) => r.cells.length)) };
}

export interface LayoutContext {
  warnings: string[];
  /** The columns a person named; they win over names, profiles and content. */
  columns: ColumnChoice | undefined;
}

/** Header, bank profile and columns, from the header row and a sample of the data rows (`data`, cells trimmed). */
export function layoutOf(
  records: readonly TableRecord[],
  table: TableLayout,
  data: TableRecord[],
  context: LayoutContext,
): Layout {
  const { warnings } = context;
  const { sample, width } = tableSample(data);
  if (table.headerIndex !== null) {
    const headers = records[table.headerIndex]?.cells ?? [];
    let names = headers.map((cell) => normaliseHeader(cell).name);
    // Names that lie are no guide, and the header's width then says nothing about the table's either.
    const distrusted = namesContradictContent(names, sample);
    if (distrusted) {
      if (!context.columns)
        warnings.push(
          "The column names do not match what the columns hold, so the columns were recognised from their content",
        );
      names = names.map(() => "");
    }
    const profile = profileForHeader(names);
    if (profile?.renameHeaders) names = profile.renameHeaders(names);
    const fixed = resolveColumnChoice(context.columns, headers, Math.max(width, headers.length));
    const named = mapColumnsByName(names, sample, profile?.columns, fixed);
    const locked = new Set([...Object.keys(profile?.columns ?? {}), ...Object.keys(fixed)] as ColumnRole[]);
    const map = settleColumns({ map: named, sample, names, width: Math.max(width, headers.length), locked });
    // Cells beyond the header are more text (livebank), unless the header is not to be trusted or a person named them.
    const given = Object.values(fixed).flat();
    const tableWidth = distrusted
      ? Math.max(width, headers.length)
      : Math.max(headers.length, ...given.map((i) => i + 1));
    return { profile, map, headers, width: tableWidth };
  }
  const dataRows = sample;
  const fixed = resolveColumnChoice(context.columns, [], width);
  if (Object.keys(fixed).length > 0) {
    const map = mapColumnsByName([], dataRows, {}, fixed);
    const locked = new Set(Object.keys(fixed) as ColumnRole[]);
    return {
      profile: null,
      map: settleColumns({ map, sample: dataRows, names: [], width, locked }),
      headers: [],
      width,
    };
  }
  const match = profileForRows(dataRows.map((r) => r.cells));
  if (match) {
    const map = mapColumnsByName(match.names, dataRows, match.profile.columns);
    return { profile: match.profile, map, headers: [], width: Math.max(width, match.names.length) };
  }
  warnings.push("The file has no header row; its columns were recognised from their content");
  const unnamed = mapColumnsByName([], dataRows);
  return {
    profile: null,
    map: settleColumns({ map: unnamed, sample: dataRows, names: [], width, locked: new Set() }),
    headers: [],
    width,
  };
}

/**
 * A mark column that only ever marks one direction ("CR" on credits, nothing on debits) means the
 * other direction where it is blank.
 */
export function blankIndicatorOf(data: readonly TableRecord[], indicator: number | null): "debit" | "credit" | null {
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
