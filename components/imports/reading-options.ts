/**
 * The column-mapping editor's state and how it becomes `parse_options`: settings by name, column
 * roles by position, turned into columns by header name where the header row names a column once.
 */
import { dateFormatReader } from "@/server/domain/imports/parsers/csv/date-format";
import { COLUMN_ROLE_OPTIONS } from "@/server/domain/imports/parsers/types";
import { type FileInspection, type ParseOptions } from "./import-types";

export type Role = keyof NonNullable<ParseOptions["columns"]>;
type ColumnRef = string | number;

/** The roles a column can have, in the order the grid offers them (words: the "imports.grid.role" message). */
export const ROLES: readonly Role[] = COLUMN_ROLE_OPTIONS;

export const DATE_FORMATS = [
  "DD.MM.YYYY",
  "DD/MM/YYYY",
  "MM/DD/YYYY",
  "YYYY-MM-DD",
  "DD-MM-YYYY",
  "D.M.YYYY",
  "DD.MM.YY",
  "MM/DD/YY",
  "YYYYMMDD",
  "DD MMM YYYY",
];
/** The column separators offered, each with its message key ("imports.editor.delimiters"). */
export const DELIMITERS = [
  { value: ";", key: "semicolon" },
  { value: ",", key: "comma" },
  { value: "\t", key: "tab" },
  { value: "|", key: "pipe" },
  { value: "~", key: "tilde" },
] as const;
/** The decimal separators offered, each with its message key ("imports.editor.decimalSeparators"). */
export const DECIMAL_SEPARATORS = [
  { value: ".", key: "point" },
  { value: ",", key: "comma" },
] as const;
/** An offered date format, and the first of the column's cells as it reads it (null: it does not read them all). */
export interface DateFormatFit {
  format: string;
  example: { cell: string; day: string } | null;
}

/**
 * Each offered format, with the first cell read, when it reads every one of `cells` (the date
 * column's cells under the header row); the ones that fit first. The same reader as the service's
 * (server/domain/imports/parsers/csv/date-format.ts), so a fit here is a fit there.
 */
export function dateFormatFits(cells: readonly string[]): DateFormatFit[] {
  const filled = cells.map((cell) => cell.trim()).filter((cell) => cell !== "");
  const fits = DATE_FORMATS.map((format): DateFormatFit => {
    const read = dateFormatReader(format);
    const days = filled.map(read);
    const first = filled[0];
    const day = days[0];
    return {
      format,
      example: first !== undefined && day && days.every((each) => each !== null) ? { cell: first, day } : null,
    };
  });
  return [...fits.filter((fit) => fit.example), ...fits.filter((fit) => !fit.example)];
}

/** Left to the service: the option is not sent. */
export const FIND_IT = "";
export const PREVIEW_DELAY_MS = 300;

/** Everything but the columns, which the grid holds by position. */
export type Settings = Omit<ParseOptions, "columns">;

export interface Draft {
  settings: Settings;
  /** The role of each column by position ("" not used); `description` may be on several. */
  roles: Array<Role | "">;
  /** Settings the person set (or that came in with the starting options), as opposed to what detection found. */
  touched: Array<keyof Settings>;
}

/** The options without empty values (the echo's nulls mean "not found", not "none"). */
export function cleaned(options: ParseOptions): ParseOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => value !== undefined && (value !== null || key === "header_row")),
  ) as ParseOptions;
}

/** The header row's cells, when the options name one. */
export function headerCells(looked: FileInspection, headerRow: number | null | undefined): string[] | null {
  const row = headerRow ?? looked.parse_options.header_row;
  if (typeof row !== "number") return null;
  return looked.head?.rows.find((r) => r.row === row)?.cells ?? null;
}

export function rolesOf(
  columns: NonNullable<ParseOptions["columns"]>,
  header: string[] | null,
  count: number,
): Array<Role | ""> {
  const roles: Array<Role | ""> = Array.from({ length: count }, () => "");
  for (const [role, refs] of Object.entries(columns) as Array<[Role, ColumnRef | ColumnRef[] | undefined]>) {
    for (const ref of refs === undefined ? [] : Array.isArray(refs) ? refs : [refs]) {
      const index =
        typeof ref === "number"
          ? ref
          : (header ?? []).findIndex((cell) => cell.trim().toLowerCase() === ref.trim().toLowerCase());
      if (index >= 0 && index < count) roles[index] = role;
    }
  }
  return roles;
}

/**
 * The draft as `parse_options`: with the header row's cells as `names`, each column by its header
 * name where the row names it once (a remembered reading then fits the bank's next file even if a
 * column moves), else by position.
 */
export function optionsOf(draft: Draft, names: string[] | null = null): ParseOptions {
  const ref = (index: number): ColumnRef => {
    const name = names?.[index]?.trim();
    return name && names!.filter((cell) => cell.trim() === name).length === 1 ? name : index;
  };
  const columns: Partial<Record<Role, ColumnRef | ColumnRef[]>> = {};
  draft.roles.forEach((role, index) => {
    if (role === "") return;
    if (role === "description") {
      const existing = columns.description;
      columns.description =
        existing === undefined ? ref(index) : [...(Array.isArray(existing) ? existing : [existing]), ref(index)];
    } else {
      columns[role] = ref(index);
    }
  });
  const chosen = columns as ParseOptions["columns"];
  return cleaned({ ...draft.settings, ...(Object.keys(columns).length > 0 ? { columns: chosen } : {}) });
}

/** "A", "B"... in a workbook (as Excel names them); "1", "2"... in a CSV. */
export function columnName(index: number, spreadsheet: boolean): string {
  if (!spreadsheet) return String(index + 1);
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Facts of the bank's format, kept when remembered even if detection found them: its next files are written the same way. */
const FORMAT_FACTS: ReadonlyArray<keyof Settings> = ["date_format", "decimal_separator", "amount_semantics"];

/**
 * What "Remember for this account" keeps: the columns (by header name where the header names them,
 * so the names find the table in the bank's next file whatever its preamble), the format facts, and
 * the settings the person set. Detected placement (header row, rows skipped, encoding, separator,
 * sheet) is left to detection next time: a longer preamble or another encoding still reads.
 */
export function rememberable(draft: Draft, header: string[] | null): ParseOptions {
  const { columns } = optionsOf(draft, header);
  const kept = Object.fromEntries(
    Object.entries(draft.settings).filter(
      ([key]) => FORMAT_FACTS.includes(key as keyof Settings) || draft.touched.includes(key as keyof Settings),
    ),
  ) as Settings;
  // Columns by position need the table's row to mean the same: without names, the header row is kept too.
  const byPosition = Object.values(columns ?? {})
    .flat()
    .some((ref) => typeof ref === "number");
  if (byPosition && draft.settings.header_row !== undefined) kept.header_row = draft.settings.header_row;
  return cleaned({ ...kept, ...(columns ? { columns } : {}) });
}
