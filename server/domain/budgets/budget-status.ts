import type { PacingStrategy, RolloverStrategy } from "../../db/generated/prisma/client";
import { Decimal, formatMoney, percentage } from "../money/money";
import { daysBetween } from "../time/calendar";
import type { PeriodSpending } from "./budget-spending";
import type { Period } from "./periods";

/** Spending this far above the expected amount to date puts a budget at risk. */
const AT_RISK_FACTOR = new Decimal("1.1");
/** Without pacing, spending above this share of the available amount puts a budget at risk. */
const AT_RISK_SHARE_WITHOUT_PACING = new Decimal("0.9");

type BudgetStatus = "on_track" | "at_risk" | "over";

export interface CurrentPeriod {
  period_start: string;
  period_end: string;
  period_date: string;
  days_total: number;
  days_elapsed: number;
  budgeted: string;
  rollover_in: string;
  available: string;
  spent: string;
  remaining: string;
  expected_spend_to_date: string | null;
  spent_percentage: string | null;
  status: BudgetStatus;
  fx_partial: boolean;
  missing_fx_count: number;
}

export interface PeriodStatusInput {
  amount: Decimal.Value;
  rollover: RolloverStrategy;
  pacing: PacingStrategy;
  /** Decimal places of the budget currency. */
  places: number;
  /** The selected period, last of `history` when rollover is carried. */
  period: Period;
  /** Spending of every period from the first through the selected one (carry), or of the selected one alone. */
  history: PeriodSpending[];
  periodDate: string;
  /** Today in the workspace timezone. */
  today: string;
}

/** Days of the period up to and including today: 0 before it starts, all of them after it ends. */
export function daysElapsed(period: Period, today: string): number {
  if (period.start > today) return 0;
  return daysBetween(period.start, today < period.end ? today : period.end) + 1;
}

/**
 * The selected period's figures. Amounts are rounded to the budget currency's places per period
 * before they are chained, so rollover_in of a period is exactly the previous period's
 * available - spent as shown.
 */
export function periodStatus(input: PeriodStatusInput): CurrentPeriod {
  const round = (value: Decimal.Value) => new Decimal(formatMoney(value, input.places));
  const budgeted = round(input.amount);
  const spentByPeriod = input.history.map((entry) => round(entry.spent));

  let rolloverIn = new Decimal(0);
  if (input.rollover === "carry") {
    for (const spent of spentByPeriod.slice(0, -1)) rolloverIn = budgeted.plus(rolloverIn).minus(spent);
  }
  const available = budgeted.plus(rolloverIn);
  const spent = spentByPeriod[spentByPeriod.length - 1] ?? new Decimal(0);

  const daysTotal = daysBetween(input.period.start, input.period.end) + 1;
  const elapsed = daysElapsed(input.period, input.today);
  const share = new Decimal(elapsed).div(daysTotal);
  // With nothing available (a carried overspend ate the budget) nothing is expected to be spent.
  const pacedBase = Decimal.max(available, 0);
  const expected =
    input.pacing === "linear"
      ? round(pacedBase.times(share))
      : input.pacing === "front_loaded"
        ? round(pacedBase.times(share.sqrt()))
        : null;

  let status: BudgetStatus = "on_track";
  if (spent.gt(available)) status = "over";
  else if (
    expected !== null
      ? spent.gt(expected.times(AT_RISK_FACTOR))
      : spent.gt(available.times(AT_RISK_SHARE_WITHOUT_PACING))
  ) {
    status = "at_risk";
  }
  const missing = input.history.reduce((count, entry) => count + entry.missingFx, 0);

  return {
    period_start: input.period.start,
    period_end: input.period.end,
    period_date: input.periodDate,
    days_total: daysTotal,
    days_elapsed: elapsed,
    budgeted: formatMoney(budgeted, input.places),
    rollover_in: formatMoney(rolloverIn, input.places),
    available: formatMoney(available, input.places),
    spent: formatMoney(spent, input.places),
    remaining: formatMoney(available.minus(spent), input.places),
    expected_spend_to_date: expected === null ? null : formatMoney(expected, input.places),
    // A share of a negative or zero amount means nothing: null then.
    spent_percentage: available.gt(0) ? percentage(spent, available) : null,
    status,
    fx_partial: missing > 0,
    missing_fx_count: missing,
  };
}
