/** Numbers for drawing only: the API's decimal strings stay strings everywhere they are shown. */
export function plotNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Distinct colours for series without an accent colour of their own. */
export const PALETTE = ["#1f6feb", "#1a7f37", "#d97706", "#a855f7", "#db2777", "#0891b2", "#65a30d", "#6b7280"] as const;

export const CHART_COLORS = { income: "#1a7f37", expenses: "#c62828", rate: "#1f6feb", band: "#1f6feb", forecast: "#d97706" } as const;

/** "2026-11" -> "Nov 26": compact axis labels. */
export function shortMonth(month: string): string {
  const [year = "", mon = "1"] = month.split("-");
  const names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${names[Number(mon) - 1] ?? mon} ${year.slice(2)}`;
}

/** "2026-12" -> "2027-01". */
export function nextMonth(month: string): string {
  const [year = 0, mon = 1] = month.split("-").map(Number);
  return mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, "0")}`;
}

/** Axis ticks: 1200 -> "1.2k". */
export function compactNumber(value: number): string {
  return new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}
