/**
 * Bank profiles: what the generic reading cannot know about a bank's export (its sign convention,
 * which text columns make the description, unnamed columns, files without a header row). A profile
 * is recognised by the normalised names of its header row, or by the shape of a data row.
 */
import type { AmountSemantics } from "../types";
import type { ColumnOverrides } from "./columns";
import type { DayMonthOrder } from "./dates";
import { BANK_PROFILES } from "./bank-profiles";
import { normaliseHeader } from "./headers";

export interface BankProfile {
  key: string;
  name: string;
  /** Normalised header names that must all be present (all of them and no others when `exact`). */
  signature?: readonly string[];
  exact?: boolean;
  /** Files without a header row: recognises a data row and names its columns. */
  headerless?: { matches: (cells: readonly string[]) => boolean; columns: readonly string[] };
  /** Rewrites normalised header names before the columns are mapped (unnamed columns). */
  renameHeaders?: (names: string[]) => string[];
  columns?: ColumnOverrides;
  dateOrder?: DayMonthOrder;
  /** Sign convention of a single amount column (card statements print spending as positive). */
  signedAmounts?: Extract<AmountSemantics, "signed_debit_negative" | "signed_debit_positive">;
  /** An indicator column left empty means this (John Lewis marks only credits, with "CR"). */
  blankIndicator?: "debit" | "credit";
  currencyCode?: string;
}

/** The most specific profile whose header signature the file's header names carry. */
export function profileForHeader(names: readonly string[]): BankProfile | null {
  const present = new Set(names.filter((n) => n !== ""));
  let best: BankProfile | null = null;
  for (const profile of BANK_PROFILES) {
    const signature = profile.signature;
    if (!signature || !signature.every((name) => present.has(name))) continue;
    if (profile.exact && present.size !== signature.length) continue;
    if (!best || signature.length > (best.signature?.length ?? 0)) best = profile;
  }
  return best;
}

/** The headerless profile most data rows match, with its column names normalised. */
export function profileForRows(rows: readonly (readonly string[])[]): { profile: BankProfile; names: string[] } | null {
  if (rows.length === 0) return null;
  for (const profile of BANK_PROFILES) {
    const headerless = profile.headerless;
    if (!headerless) continue;
    const matching = rows.filter((row) => headerless.matches(row)).length;
    if (matching >= Math.max(1, rows.length * 0.8)) {
      return { profile, names: headerless.columns.map((c) => normaliseHeader(c).name) };
    }
  }
  return null;
}
