import type { Frequency, RecurringStatus } from "../../db/generated/prisma/client";
import { addDays, addMonths, daysBetween } from "../time/calendar";

export interface Schedule {
  frequency: Frequency;
  /** Days between occurrences of a `custom` rule. */
  customIntervalDays: number | null;
  startDate: string;
  endDate: string | null;
  status: RecurringStatus;
}

const DAY_STEPS: Partial<Record<Frequency, number>> = { daily: 1, weekly: 7, biweekly: 14 };
const MONTH_STEPS: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The n-th occurrence (0 = start date). Month-based rules always count from the start date, so a
 * rule starting on the 31st falls on each month's last day when the month is shorter and returns
 * to the 31st afterwards. Null for a custom rule without a positive interval.
 */
function nthOccurrence(
  schedule: Pick<Schedule, "frequency" | "customIntervalDays" | "startDate">,
  n: number,
): string | null {
  const months = MONTH_STEPS[schedule.frequency];
  if (months !== undefined) return addMonths(schedule.startDate, months * n);
  const days = schedule.frequency === "custom" ? schedule.customIntervalDays : DAY_STEPS[schedule.frequency];
  if (!days || days <= 0) return null;
  return addDays(schedule.startDate, days * n);
}

function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

/** The smallest n whose occurrence is on or after `today`. */
function firstIndexFrom(schedule: Schedule, today: string): number | null {
  if (schedule.startDate >= today) return 0;
  const months = MONTH_STEPS[schedule.frequency];
  if (months !== undefined) {
    // Start one step early (the day of month may not be reached yet), then walk forward.
    let n = Math.max(0, Math.floor((monthIndex(today) - monthIndex(schedule.startDate)) / months) - 1);
    while (addMonths(schedule.startDate, months * n) < today) n += 1;
    return n;
  }
  const days = schedule.frequency === "custom" ? schedule.customIntervalDays : DAY_STEPS[schedule.frequency];
  if (!days || days <= 0) return null;
  return Math.ceil(daysBetween(schedule.startDate, today) / days);
}

/**
 * The first occurrence on or after `today` (workspace timezone) of an active rule; null when the
 * rule is paused or ended, when that occurrence is after the end date, or when a custom rule has
 * no interval.
 */
export function nextOccurrence(schedule: Schedule, today: string): string | null {
  if (schedule.status !== "active") return null;
  const n = firstIndexFrom(schedule, today);
  const next = n === null ? null : nthOccurrence(schedule, n);
  if (next === null) return null;
  return schedule.endDate !== null && next > schedule.endDate ? null : next;
}
