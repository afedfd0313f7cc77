import type { CurrencyInfo } from "../money/currencies";
import type { WorkspaceContext } from "../workspace-context";

export const INSIGHT_TYPES = [
  "anomaly",
  "budget_overspend",
  "budget_pace",
  "goal_off_track",
  "upcoming_bill",
  "spending_spike",
  "income_drop",
  "uncategorized_backlog",
] as const;

export type InsightType = (typeof INSIGHT_TYPES)[number];
export type InsightPriority = "high" | "medium" | "low";

/** The API's insight: a flat object whose id is a stable logical key (`type:YYYY-MM:...`). */
export interface Insight {
  id: string;
  type: InsightType;
  priority: InsightPriority;
  /** ISO timestamp with milliseconds, derived from the facts (a day at 00:00:00.000Z). */
  triggered_at: string;
  entity_id: string | null;
  associated_transaction_id: string | null;
  payload: Record<string, unknown>;
}

/** What every generator sees: the period month and the clock, both in the workspace's calendar. */
export interface InsightContext extends WorkspaceContext {
  home: CurrencyInfo;
  /** `YYYY-MM`. */
  period: string;
  periodStart: string;
  periodEnd: string;
  /** Today in the workspace timezone. */
  today: string;
  now: Date;
  /** True when the period is today's month. */
  isCurrentMonth: boolean;
  /** The day the period is judged on: today in the current month, else the period's last day. */
  asOf: string;
  /** Restricts the transaction-based generators (and bills) to these accounts; null = every account. */
  accountIds: string[] | null;
}

export type InsightGenerator = (context: InsightContext) => Promise<Insight[]>;
