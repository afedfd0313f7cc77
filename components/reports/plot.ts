import type { Formatter } from "../locale/formatter";

/** Numbers for drawing only: the API's decimal strings stay strings everywhere they are shown. */
export function plotNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Distinct colours for series without an accent colour of their own. */
export const PALETTE = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `var(--chart-${n})`);

/** The theme's colours (app/globals.css), so that the charts follow light and dark mode. */
export const CHART_COLORS = {
  income: "var(--chart-income)",
  expenses: "var(--chart-expenses)",
  rate: "var(--chart-rate)",
  band: "var(--chart-rate)",
  forecast: "var(--chart-forecast)",
} as const;

/** "2026-12" -> "2027-01". */
export function nextMonth(month: string): string {
  const [year = 0, mon = 1] = month.split("-").map(Number);
  return mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, "0")}`;
}

/** The exact sum of decimal strings ("12.5", "0.25" -> "12.75"), for a series made of several. */
export function addDecimals(values: readonly string[]): string {
  const places = Math.max(0, ...values.map((value) => (value.split(".")[1] ?? "").length));
  const scaled = values.map((value) => {
    const [whole = "0", fraction = ""] = value.replace(/^[-+]/, "").split(".");
    const units = BigInt(`${whole}${fraction.padEnd(places, "0")}`);
    return value.startsWith("-") ? -units : units;
  });
  const total = scaled.reduce((sum, units) => sum + units, BigInt(0));
  const digits = (total < 0 ? -total : total).toString().padStart(places + 1, "0");
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return total < 0 ? `-${text}` : text;
}

type TooltipItem = { dataKey?: unknown; payload?: unknown };

/**
 * A chart tooltip's values in the user's locale. Each point keeps the API's exact string of a
 * series `key` under `${key}Text` (the plotted number is only for drawing); `show` writes it.
 */
export function tooltipValues(show: (text: string, key: string) => string) {
  return (value: unknown, _name: unknown, item: TooltipItem) => {
    const key = String(item.dataKey ?? "");
    const exact = (item.payload as Record<string, unknown> | undefined)?.[`${key}Text`];
    if (typeof exact === "string") return show(exact, key);
    return typeof value === "number" && Number.isFinite(value) ? show(String(value), key) : "";
  };
}

/** A tooltip's heading: the point's whole month ("November 2026"), from its `monthKey`. */
export function tooltipMonth(format: Formatter) {
  return (label: unknown, payload: ReadonlyArray<{ payload?: unknown }>) => {
    const monthKey = (payload[0]?.payload as { monthKey?: unknown } | undefined)?.monthKey;
    return typeof monthKey === "string" ? format.month(monthKey) : String(label ?? "");
  };
}
