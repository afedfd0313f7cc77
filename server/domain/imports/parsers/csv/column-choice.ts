/**
 * Columns a person names in `parse_options.columns` (by header text or 0-based position), resolved
 * against the table; and the columns the importer used, written the same way for the job's echo.
 */
import { type ColumnChoice, type ColumnRef, type ColumnRoleOption, StatementUnreadableError } from "../types";
import type { ColumnMap } from "./columns";
import { type ColumnRole, normaliseHeader } from "./headers";
import { definedOnly } from "../../../defined-only";

const ROLE_OF: Readonly<Record<ColumnRoleOption, ColumnRole>> = {
  date: "date",
  value_date: "valueDate",
  amount: "amount",
  debit: "debit",
  credit: "credit",
  indicator: "indicator",
  description: "description",
  counterparty: "counterparty",
  reference: "reference",
  balance: "balance",
  currency: "currency",
};

const FIGURE_ROLES: ReadonlySet<ColumnRoleOption> = new Set([
  "date",
  "amount",
  "debit",
  "credit",
  "balance",
  "indicator",
]);

/** Roles fixed by a person, each with its column indexes (several only for the description). */
export type FixedColumns = Partial<Record<ColumnRole, number[]>>;

function refused(role: string, why: string): StatementUnreadableError {
  return new StatementUnreadableError(`parse_options.columns.${role}: ${why}`);
}

function indexOfName(name: string, headers: readonly string[]): number {
  const trimmed = headers.map((h) => h.trim());
  const exact = trimmed.indexOf(name.trim());
  if (exact >= 0) return exact;
  const lower = trimmed.findIndex((h) => h.toLowerCase() === name.trim().toLowerCase());
  if (lower >= 0) return lower;
  const wanted = normaliseHeader(name).name;
  return wanted === "" ? -1 : trimmed.findIndex((h) => normaliseHeader(h).name === wanted);
}

/** Resolves each named column; a name the header lacks or a position past the table's width is refused naming the option. */
export function resolveColumnChoice(
  choice: ColumnChoice | undefined,
  headers: readonly string[],
  width: number,
): FixedColumns {
  const fixed: FixedColumns = {};
  for (const [option, value] of Object.entries(choice ?? {}) as Array<[ColumnRoleOption, ColumnRef | ColumnRef[]]>) {
    const refs = Array.isArray(value) ? value : [value];
    fixed[ROLE_OF[option]] = refs.map((ref) => {
      if (typeof ref === "number") {
        if (ref >= width) throw refused(option, `the table has ${width} columns, numbered 0 to ${width - 1}`);
        return ref;
      }
      if (headers.length === 0)
        throw refused(
          option,
          `"${ref}" is a header name, but the table has no header row: name the column by its 0-based position`,
        );
      const index = indexOfName(ref, headers);
      if (index < 0) {
        const known = headers
          .map((h) => h.trim())
          .filter((h) => h !== "")
          .map((h) => `"${h}"`)
          .join(", ");
        throw refused(option, `no column is named "${ref}" (the header names ${known})`);
      }
      return index;
    });
  }
  // Two of the roles that carry the figures on one column is a slip (a copied line), never a table:
  // say which. Text may serve twice (a "Name / Description" column is both).
  const owner = new Map<number, string>();
  for (const option of (Object.keys(choice ?? {}) as ColumnRoleOption[]).filter((o) => FIGURE_ROLES.has(o))) {
    for (const index of fixed[ROLE_OF[option]] ?? []) {
      const other = owner.get(index);
      if (other)
        throw new StatementUnreadableError(
          `parse_options.columns: ${other} and ${option} name the same column (${describeColumn(index, headers)})`,
        );
      owner.set(index, option);
    }
  }
  return fixed;
}

function describeColumn(index: number, headers: readonly string[]): string {
  const name = headers[index]?.trim();
  return name ? `"${name}"` : `position ${index}`;
}

/** The columns used, by header text when it names one column only, else by 0-based position. */
export function describeColumns(map: ColumnMap, headers: readonly string[]): ColumnChoice {
  const trimmed = headers.map((h) => h.trim());
  const ref = (i: number): ColumnRef => {
    const name = trimmed[i] ?? "";
    return name !== "" && trimmed.filter((h) => h === name).length === 1 ? name : i;
  };
  const one = (i: number | null) => (i === null || i < 0 ? undefined : ref(i));
  const choice: ColumnChoice = {
    date: one(map.date),
    value_date: one(map.valueDate),
    amount: one(map.amount),
    debit: one(map.debit),
    credit: one(map.credit),
    indicator: one(map.indicator),
    counterparty: one(map.counterparty),
    reference: one(map.reference),
    balance: one(map.balance),
    currency: one(map.currency),
    description:
      map.description.length === 0
        ? undefined
        : map.description.length === 1
          ? ref(map.description[0] ?? 0)
          : map.description.map(ref),
  };
  return definedOnly(choice);
}
