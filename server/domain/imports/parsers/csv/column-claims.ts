/**
 * What settling a column map works from, and the moves its steps share: which columns the map has
 * claimed, freeing a column for a role that fits it better, and what a column's header name says.
 */
import type { TableRecord } from "./cells";
import { INDEX_ROLES, type ColumnMap } from "./columns";
import { type ColumnRole, rolesForName } from "./headers";

export interface SettleInput {
  map: ColumnMap;
  sample: readonly TableRecord[];
  /** Normalised header names ("" for files without a header). */
  names: readonly string[];
  width: number;
  /** Roles a person or a bank profile fixed: never changed here. */
  locked: ReadonlySet<ColumnRole>;
}

/** True when the column's header name is one of the role's names. */
export function namedAs(names: readonly string[], index: number, role: ColumnRole): boolean {
  return rolesForName(names[index] ?? "").some((r) => r.role === role);
}

/** The columns some role of the map points at. */
export function taken(map: ColumnMap): Set<number> {
  const used = [
    map.date,
    map.valueDate,
    map.amount,
    map.debit,
    map.credit,
    map.indicator,
    map.balance,
    map.currency,
    map.reference,
    map.counterparty,
    map.payer,
    map.payee,
    map.account,
    ...map.description,
    ...map.type,
  ];
  return new Set(used.filter((i): i is number => i !== null && i >= 0));
}

/** Every mapped role that points at a column; used to free a column a better role claims. */
export function release(map: ColumnMap, index: number): void {
  for (const key of INDEX_ROLES) if (map[key] === index) map[key] = null;
  // The date's absence is -1.
  if (map.date === index) map.date = -1;
  map.description = map.description.filter((i) => i !== index);
  map.type = map.type.filter((i) => i !== index);
}
