import { Decimal } from "decimal.js";

export { Decimal };

/** A decimal string with exactly `decimals` places, rounded half away from zero ("12.30", "-0.50", "1230"). */
export function formatMoney(value: Decimal.Value, decimals: number): string {
  const text = new Decimal(value).toFixed(decimals, Decimal.ROUND_HALF_UP);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** `part / whole * 100` with 2 places ("12.50"), or null when whole is zero. */
export function percentage(part: Decimal.Value, whole: Decimal.Value): string | null {
  const denominator = new Decimal(whole);
  if (denominator.isZero()) return null;
  return formatMoney(new Decimal(part).div(denominator).times(100), 2);
}

export function sum(values: Iterable<Decimal.Value>): Decimal {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return total;
}
