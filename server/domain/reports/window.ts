import type { WorkspaceRef } from "../identity/authenticate";
import { addMonths, endOfMonth, monthOf, startOfMonth, todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { PLAN_MONTHS } from "./plan-months";

/** `range=recent`: the months ending with the report month. */
const RECENT_MONTHS = 6;

export type ReportRange = "recent" | "full";
export type ReportPeriod = "6m" | "12m";

/** The deprecated `period` parameter and the range each value stands for. */
const PERIOD_RANGE: Record<ReportPeriod, ReportRange> = { "6m": "recent", "12m": "full" };

export interface WindowRequest {
  /** The report's final month (`YYYY-MM`); default the current month in the workspace timezone. */
  month?: string;
  range: ReportRange;
  /** Only the money of transactions (and parts) carrying this tag. */
  tag?: string;
}

/** The spec's shared `window` object. */
export interface WindowView {
  applied_months: number;
  earliest_visible_date: string;
  plan: WorkspaceRef["plan"];
  requested_range: ReportRange;
  truncated_by_plan: boolean;
  /** True while the report month has not ended in the workspace timezone: its figures are month to date. */
  partial_month: boolean;
  /** The day the figures run to: today while the report month runs, else its last day. */
  as_of: string;
}

export interface ReportWindow {
  /** The months of the window, oldest first; the last one is the report month. */
  months: string[];
  month: string;
  /** First day of the first month and last day of the report month. */
  start: string;
  end: string;
  /** Today in the workspace timezone. */
  today: string;
  /** The tag the figures are limited to; null for all. */
  tag: string | null;
  view: WindowView;
}

/** `range` wins; `period` is its deprecated alias; neither means recent. */
export function requestedRange(range?: ReportRange, period?: ReportPeriod): ReportRange {
  return range ?? (period ? PERIOD_RANGE[period] : "recent");
}

/** True when both are given and mean different ranges (a 400). */
export function rangeConflicts(range?: ReportRange, period?: ReportPeriod): boolean {
  return range !== undefined && period !== undefined && PERIOD_RANGE[period] !== range;
}

export function currentMonth({ workspace, now }: Pick<WorkspaceContext, "workspace" | "now">): string {
  return monthOf(todayIn(workspace.timezone, now));
}

/** The month n months after `month` (n may be negative). */
export function shiftMonth(month: string, n: number): string {
  return monthOf(addMonths(startOfMonth(month), n));
}

/**
 * A month that has not ended on `today` (the current month, or a later one): its figures are month
 * to date, so trends leave it out or compare it pro rata.
 */
export function isPartialMonth(month: string, today: string): boolean {
  return month >= monthOf(today);
}

/** Every month from `first` to `last`, both included. */
export function monthsFrom(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/**
 * The months a report covers. recent: the 6 months ending with `month`. full: from the month of the
 * workspace's earliest transaction (any type) up to `month`, at most the plan's months ending with
 * `month`; `truncated_by_plan` when that limit cut off months with transactions. Without
 * transactions up to `month`, full is `month` alone.
 */
export async function resolveWindow(
  { db, workspace, now }: WorkspaceContext,
  { month, range, tag }: Required<Omit<WindowRequest, "tag">> & Pick<WindowRequest, "tag">,
): Promise<ReportWindow> {
  let first = shiftMonth(month, -(RECENT_MONTHS - 1));
  let truncated = false;
  if (range === "full") {
    const planFirst = shiftMonth(month, -(PLAN_MONTHS[workspace.plan] - 1));
    const earliest = await earliestMonth({ db, workspace }, endOfMonth(month));
    truncated = earliest !== null && earliest < planFirst;
    first = earliest === null ? month : truncated ? planFirst : earliest;
  }
  const months = monthsFrom(first, month);
  const today = todayIn(workspace.timezone, now);
  const partial = isPartialMonth(month, today);
  return {
    months,
    month,
    start: startOfMonth(first),
    end: endOfMonth(month),
    today,
    tag: tag ?? null,
    view: {
      applied_months: months.length,
      earliest_visible_date: startOfMonth(first),
      plan: workspace.plan,
      requested_range: range,
      truncated_by_plan: truncated,
      partial_month: partial,
      // A later month has no figures yet: its window runs to its first day (nothing is booked before it).
      as_of: partial ? (today < startOfMonth(month) ? startOfMonth(month) : today) : endOfMonth(month),
    },
  };
}

async function earliestMonth({ db, workspace }: WorkspaceContext, upTo: string): Promise<string | null> {
  const [row] = await db.sql.query<{ month: string | null }>(
    `SELECT to_char(min(date), 'YYYY-MM') AS month FROM transactions WHERE workspace_id = $1 AND date <= $2::date`,
    [workspace.id, upTo],
  );
  return row?.month ?? null;
}

/** The attributes every report carries about its period. */
export function periodAttributes(window: ReportWindow) {
  return { analysis_period_start: window.start, analysis_period_end: window.end };
}
