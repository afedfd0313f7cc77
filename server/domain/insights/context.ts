import { currencyById } from "../money/currencies";
import { Decimal, formatMoney } from "../money/money";
import { addDays, addMonths, endOfMonth, monthOf, startOfMonth, todayIn } from "../time/calendar";
import type { InsightContext } from "./types";
import type { WorkspaceContext } from "../workspace-context";

export function insightContext(
  { db, workspace, now }: WorkspaceContext & { now: Date },
  home: Awaited<ReturnType<typeof currencyById>>,
  period: string,
  accountIds: string[] | null,
): InsightContext {
  const today = todayIn(workspace.timezone, now);
  const periodStart = startOfMonth(period);
  const periodEnd = endOfMonth(period);
  const isCurrentMonth = monthOf(today) === period;
  return {
    db,
    workspace,
    home,
    period,
    periodStart,
    periodEnd,
    today,
    now,
    isCurrentMonth,
    asOf: isCurrentMonth ? today : periodEnd,
    accountIds,
  };
}

export async function homeCurrencyOf({ db, workspace }: WorkspaceContext) {
  return currencyById(db, workspace.homeCurrencyId);
}

/** A day as the insight's triggered_at: midnight UTC with milliseconds. */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** An amount in the home currency, rounded to its places (Decimal, for comparisons). */
export function roundHome(context: InsightContext, value: Decimal.Value): Decimal {
  return new Decimal(formatMoney(value, context.home.decimalPlaces));
}

export function homeMoney(context: InsightContext, value: Decimal.Value): string {
  return formatMoney(value, context.home.decimalPlaces);
}

/** Who a transaction `t` paid, as people read it: its counterparty, else its description. */
export const MERCHANT_SQL = "COALESCE(NULLIF(btrim(t.counterparty), ''), t.description)";

/** The same merchant however its text is cased or numbered: the counterparty folded, else the description's leading words. */
export const MERCHANT_KEY_SQL =
  "COALESCE(NULLIF(lower(btrim(t.counterparty)), ''), NULLIF(t.description_pattern, ''), t.description)";

/** SQL condition on `t.account_id` for the account filter passed as parameter `param` (uuid[] or NULL). */
export function accountFilterSql(param: string, column = "t.account_id"): string {
  return `(${param}::uuid[] IS NULL OR ${column} = ANY(${param}::uuid[]))`;
}

export interface MonthWindow {
  /** `YYYY-MM`. */
  month: string;
  start: string;
  end: string;
}

/**
 * The period month (index 0) and the `previous` months before it, oldest last. In the current
 * month every window stops at today's day of month (clamped to the month's end), so a month in
 * progress is compared like for like; a past month is compared with whole months.
 */
export function comparisonWindows(context: InsightContext, previous: number): MonthWindow[] {
  const cutoff = context.isCurrentMonth ? Number(context.today.slice(8, 10)) : 31;
  return Array.from({ length: previous + 1 }, (_, offset) => {
    const start = addMonths(context.periodStart, -offset);
    const monthEnd = endOfMonth(start);
    const cut = addDays(start, cutoff - 1);
    return { month: monthOf(start), start, end: cut < monthEnd ? cut : monthEnd };
  });
}

/** Index of the window holding `day`, or null when it falls between windows. */
export function windowIndexOf(windows: MonthWindow[], day: string): number | null {
  const index = windows.findIndex((window) => day >= window.start && day <= window.end);
  return index === -1 ? null : index;
}
