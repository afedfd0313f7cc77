import type { GoalStatus } from "../../db/generated/prisma/client";
import { Decimal, formatMoney, percentage } from "../money/money";
import { addMonths, monthOf } from "../time/calendar";
// The last day the API names: a completion after it is answered as none.
import { LAST_DAY } from "../time/day-range";

type Pace = "achieved" | "ahead" | "on_track" | "behind";

/** Pace at or above this multiple of the required monthly amount counts as ahead. */
const AHEAD_FACTOR = new Decimal("1.1");

export interface GoalProgressInput {
  status: GoalStatus;
  target: Decimal.Value;
  targetDate: string | null;
  currentSaved: Decimal.Value;
  monthlyPace: Decimal.Value;
  /** Today in the workspace timezone. */
  today: string;
  /** Decimal places of the goal's currency. */
  places: number;
}

export interface GoalProgress {
  currentSaved: string;
  monthlyPace: string;
  remaining: string;
  requiredMonthly: string | null;
  monthsRemaining: number | null;
  expectedCompletionDate: string | null;
  etaMonth: string | null;
  pace: Pace;
  onTrack: boolean;
  overdue: boolean;
  progressPercentage: string | null;
}

function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

/** More months than there are between any day the API names and LAST_DAY (3,600 = 300 years). */
const MAX_MONTHS_AHEAD = 3_600;

/** Whole calendar months from today's month to the target month, at least 1. */
function monthsUntil(today: string, targetDate: string): number {
  return Math.max(1, monthIndex(targetDate) - monthIndex(today));
}

/**
 * A goal's progress figures. Every amount is first rounded to the currency's places and the
 * comparisons use those rounded amounts, so a client can redo them from the response.
 */
export function goalProgress(input: GoalProgressInput): GoalProgress {
  const round = (value: Decimal.Value) => new Decimal(formatMoney(value, input.places));
  const target = round(input.target);
  const saved = round(input.currentSaved);
  const monthlyPace = round(input.monthlyPace);
  const remaining = Decimal.max(0, target.minus(saved));

  const monthsRemaining = input.targetDate === null ? null : monthsUntil(input.today, input.targetDate);
  const required = monthsRemaining === null ? null : round(remaining.div(monthsRemaining));

  let expectedCompletionDate: string | null;
  if (remaining.isZero()) expectedCompletionDate = input.today;
  else if (monthlyPace.lte(0)) expectedCompletionDate = null;
  else {
    // At a pace that would take past the days this API names (after 2199), there is no date to give.
    const months = remaining.div(monthlyPace).ceil();
    const date = months.lte(MAX_MONTHS_AHEAD) ? addMonths(input.today, months.toNumber()) : null;
    expectedCompletionDate = date !== null && date <= LAST_DAY ? date : null;
  }

  let pace: Pace;
  if (input.status === "achieved" || remaining.isZero()) pace = "achieved";
  else if (required === null || monthlyPace.gte(required.times(AHEAD_FACTOR))) pace = "ahead";
  else if (monthlyPace.gte(required)) pace = "on_track";
  else pace = "behind";

  return {
    currentSaved: formatMoney(saved, input.places),
    monthlyPace: formatMoney(monthlyPace, input.places),
    remaining: formatMoney(remaining, input.places),
    requiredMonthly: required === null ? null : formatMoney(required, input.places),
    monthsRemaining,
    expectedCompletionDate,
    etaMonth: expectedCompletionDate === null ? null : monthOf(expectedCompletionDate),
    pace,
    onTrack: pace !== "behind",
    overdue: input.targetDate !== null && input.targetDate < input.today && pace !== "achieved",
    progressPercentage: percentage(saved, target),
  };
}
