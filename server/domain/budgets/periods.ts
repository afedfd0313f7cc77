import type { BudgetPeriod } from "../../db/generated/prisma/client";
import { addDays, addMonths, daysBetween } from "../time/calendar";

/** One budget period: index 0 starts on the budget's start date. */
export interface Period {
  index: number;
  start: string;
  /** Inclusive: the day before the next period starts. */
  end: string;
}

const MONTHS: Record<Exclude<BudgetPeriod, "weekly">, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * First day of period `index`. Weekly periods are 7 days; the others step calendar months from
 * the start date's day of month, always counted from the start date and clamped to the month's
 * end (a budget starting on the 31st has periods from the 30th in 30-day months).
 */
function periodStart(startDate: string, period: BudgetPeriod, index: number): string {
  return period === "weekly" ? addDays(startDate, 7 * index) : addMonths(startDate, MONTHS[period] * index);
}

function periodByIndex(startDate: string, period: BudgetPeriod, index: number): Period {
  return {
    index,
    start: periodStart(startDate, period, index),
    end: addDays(periodStart(startDate, period, index + 1), -1),
  };
}

function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

/** The period containing `day`; a day before the start date gives the first period. */
export function periodContaining(startDate: string, period: BudgetPeriod, day: string): Period {
  if (day <= startDate) return periodByIndex(startDate, period, 0);
  if (period === "weekly") return periodByIndex(startDate, period, Math.floor(daysBetween(startDate, day) / 7));
  const step = MONTHS[period];
  let index = Math.floor((monthIndex(day) - monthIndex(startDate)) / step);
  while (index > 0 && periodStart(startDate, period, index) > day) index -= 1;
  while (periodStart(startDate, period, index + 1) <= day) index += 1;
  return periodByIndex(startDate, period, index);
}

/** Periods 0..last.index, oldest first. */
export function periodsThrough(startDate: string, period: BudgetPeriod, last: Period): Period[] {
  return Array.from({ length: last.index + 1 }, (_, index) => periodByIndex(startDate, period, index));
}
