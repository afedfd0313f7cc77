import type { Db } from "../../server/db/client";
import type { Frequency, RecurringKind, RecurringStatus } from "../../server/db/generated/prisma/client";
import { addDays, addMonths, dayOfWeek, dayToDate } from "../../server/domain/time/calendar";
import { centsToDecimal } from "./money";
import { stampOf, type AccountKey, type DemoWorld } from "./setup";

/** A demo recurring rule and what its bookings look like in the history. */
export interface RecurringSpec {
  id: string;
  name: string;
  type: "expense" | "income" | "transfer";
  kind: RecurringKind;
  /** The current amount, positive; the booking's sign follows `type`. */
  amountCents: number;
  account: AccountKey;
  destination?: AccountKey;
  category?: string;
  frequency: Frequency;
  customIntervalDays?: number;
  startDate: string;
  endDate?: string;
  status: RecurringStatus;
  /** Bookings stop the day before; paused_at is set from it. */
  pausedOn?: string;
  autoCreate: boolean;
  counterparty: string;
  description: string;
  billingUrl?: string;
  icon: string;
  accentColor: string;
  /** Moves a booking that falls on a weekend to the Friday before (salaries). */
  weekdaysOnly?: boolean;
  /** The amount on a given day when it changed over time (a pay rise). */
  amountOn?: (day: string) => number;
}

/** Day d (1..28) of the k-th month of the history. */
export function dayOfHistoryMonth(world: DemoWorld, monthIndex: number, dayOfMonth: number): string {
  return addDays(addMonths(world.start, monthIndex), dayOfMonth - 1);
}

function nthOccurrence(spec: RecurringSpec, index: number): string {
  switch (spec.frequency) {
    case "daily":
      return addDays(spec.startDate, index);
    case "weekly":
      return addDays(spec.startDate, 7 * index);
    case "biweekly":
      return addDays(spec.startDate, 14 * index);
    case "custom":
      return addDays(spec.startDate, (spec.customIntervalDays ?? 30) * index);
    case "monthly":
      return addMonths(spec.startDate, index);
    case "quarterly":
      return addMonths(spec.startDate, 3 * index);
    case "yearly":
      return addMonths(spec.startDate, 12 * index);
  }
}

/** The booking days of a rule within [from, to], ending at its end date or the day before its pause. */
export function occurrences(spec: RecurringSpec, from: string, to: string): string[] {
  const limits = [to, spec.endDate, spec.pausedOn ? addDays(spec.pausedOn, -1) : undefined].filter(
    (day): day is string => !!day,
  );
  const last = limits.sort()[0] ?? to;
  const days: string[] = [];
  for (let index = 0; ; index += 1) {
    const scheduled = nthOccurrence(spec, index);
    if (scheduled > last) break;
    const weekday = dayOfWeek(scheduled);
    const day =
      spec.weekdaysOnly && (weekday === 0 || weekday === 6) ? addDays(scheduled, weekday === 6 ? -1 : -2) : scheduled;
    if (day >= from && day <= last) days.push(day);
  }
  return days;
}

export async function createRecurringRules(db: Db, world: DemoWorld, specs: RecurringSpec[]): Promise<number> {
  const at = stampOf(world.start);
  const result = await db.prisma.recurringRule.createMany({
    data: specs.map((spec) => ({
      id: spec.id,
      workspaceId: world.workspaceId,
      createdByUserId: world.userId,
      name: spec.name,
      rawName: spec.description,
      type: spec.type,
      kind: spec.kind,
      amount: centsToDecimal(spec.amountCents),
      currencyId: world.accounts[spec.account].currencyId,
      accountId: world.accounts[spec.account].id,
      destinationAccountId: spec.destination ? world.accounts[spec.destination].id : null,
      categoryId: spec.category ? world.category(spec.category) : null,
      frequency: spec.frequency,
      customIntervalDays: spec.customIntervalDays ?? null,
      startDate: dayToDate(spec.startDate),
      endDate: spec.endDate ? dayToDate(spec.endDate) : null,
      status: spec.status,
      pausedAt: spec.pausedOn ? stampOf(spec.pausedOn) : null,
      autoCreate: spec.autoCreate,
      billingUrl: spec.billingUrl ?? null,
      icon: spec.icon,
      accentColor: spec.accentColor,
      createdAt: at,
      updatedAt: spec.pausedOn ? stampOf(spec.pausedOn) : spec.endDate ? stampOf(spec.endDate) : at,
    })),
  });
  return result.count;
}
