/** How the planning pages write amounts and days. Amounts stay strings: no float ever touches money. */

/** "1150.00", "EUR" -> "1,150.00 EUR"; a leading minus becomes a real minus sign. */
export function formatAmount(amount: string, currencyCode: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction] = amount.replace(/^[-+]/, "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "\u2212" : ""}${grouped}${fraction ? `.${fraction}` : ""} ${currencyCode}`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2025-02-28" -> "28 Feb 2025": a calendar day, never shifted by the browser's timezone. */
export function formatCalendarDay(day: string | null, none = "\u2014"): string {
  return day === null ? none : dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-08" -> "August 2026". */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** Today in the browser, as a default for date fields (the server decides what "today" means). */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** "" -> null, anything else trimmed: optional fields of the forms. */
export function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

export const LABELS: Record<string, string> = {
  on_track: "on track",
  at_risk: "at risk",
  front_loaded: "front-loaded",
  biweekly: "every 2 weeks",
};

export function label(value: string): string {
  return LABELS[value] ?? value.replace(/_/g, " ");
}
