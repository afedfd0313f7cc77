/**
 * Columns settled by their content: the header names proposed a mapping (columns.ts); here the
 * cells decide where they disagree or where the names said nothing. A running balance that the
 * amounts reproduce row by row outranks any name; so do dates where the named column holds none.
 */
import { isCurrencyColumn, isTextColumn, type ColumnFacts, columnFacts } from "./column-facts";
import { type SettleInput, taken } from "./column-claims";
import type { ColumnMap } from "./columns";
import { settleAmounts } from "./settle-amounts";
import { settleDates } from "./settle-dates";

/** A currency column the names did not find: codes in every cell. */
function settleCurrency(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (map.currency !== null || input.locked.has("currency")) return;
  const used = taken(map);
  map.currency = facts.find((f) => isCurrencyColumn(f) && !used.has(f.index))?.index ?? null;
}

/** A description column the names did not find: the longest, most varied text. */
function settleText(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  // Named description columns that are empty on every row name nothing: the text is elsewhere
  // (Stanbic's "Transaction description" heads an empty column beside the unheaded one with the text).
  const filled = (index: number) => (facts.find((f) => f.index === index)?.filled ?? 0) > 0;
  if (map.description.length > 0 && !map.description.some(filled) && !input.locked.has("description"))
    map.description = [];
  const used = taken(map);
  // Without a description the counterparty describes a row (see rows.ts): only look when there is neither.
  if (map.description.length === 0 && map.counterparty === null && !input.locked.has("description")) {
    const text = facts
      .filter((f) => isTextColumn(f) && !used.has(f.index) && f.index !== map.currency)
      .sort((a, b) => b.meanLength * Math.min(b.distinct, 20) - a.meanLength * Math.min(a.distinct, 20));
    if (text[0]) map.description = [text[0].index];
  }
}

/** The header's mapping, corrected and completed by what the cells show. */
export function settleColumns(input: SettleInput): ColumnMap {
  const map: ColumnMap = { ...input.map, description: [...input.map.description], type: [...input.map.type] };
  const facts = columnFacts(input.sample, input.width);
  settleDates(input, facts, map);
  settleCurrency(input, facts, map);
  settleAmounts(input, facts, map);
  settleText(input, facts, map);
  return map;
}
