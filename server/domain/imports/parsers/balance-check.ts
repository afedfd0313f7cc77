/**
 * A bank's statement carries its opening balance to its closing one by its entries. When the
 * entries read do not, an entry is missing from the file or was read wrong (or someone edited the
 * file's figures): the preview says by how much, so that a person can look before booking.
 */
import Decimal from "decimal.js";
import type { StatementBalance } from "./types";

/** The warning for a statement whose entries do not carry `opening` to `closing`; null when they do or a balance is missing. */
export function unbalancedStatementWarning(
  statement: string,
  opening: StatementBalance | null,
  amounts: readonly string[],
  closing: StatementBalance | null,
): string | null {
  if (!opening || !closing) return null;
  // As many places as the most precise figure has: "100," and "12,49" carry to 87.51, not 88.
  let places = Math.max(decimalPlaces(opening.amount), decimalPlaces(closing.amount));
  let carried = new Decimal(opening.amount);
  for (const amount of amounts) {
    carried = carried.plus(amount);
    places = Math.max(places, decimalPlaces(amount));
  }
  if (carried.eq(closing.amount)) return null;
  const entries = amounts.length === 1 ? "its 1 entry carries" : `its ${amounts.length} entries carry`;
  return (
    `${statement} opens with ${opening.amount} and closes with ${closing.amount}, but ${entries} the opening ` +
    `balance to ${carried.toFixed(places)}: ${new Decimal(closing.amount).minus(carried).toFixed(places)} is not ` +
    `accounted for (an entry may be missing from the file or read wrong).`
  );
}

function decimalPlaces(amount: string): number {
  const point = amount.indexOf(".");
  return point < 0 ? 0 : amount.length - point - 1;
}
