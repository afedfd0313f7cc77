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

export function recurringSpecs(world: DemoWorld): RecurringSpec[] {
  const on = (monthIndex: number, dayOfMonth: number) => dayOfHistoryMonth(world, monthIndex, dayOfMonth);
  const raiseDay = on(12, 1);
  const id = () => world.ids.uuid();
  return [
    {
      id: id(),
      name: "Salary",
      type: "income",
      kind: "rule",
      amountCents: 405_000,
      account: "checking",
      category: "salary",
      frequency: "monthly",
      startDate: on(0, 27),
      status: "active",
      autoCreate: true,
      weekdaysOnly: true,
      counterparty: "Nordwind Logistics GmbH",
      description: "Salary Nordwind Logistics GmbH",
      icon: "briefcase",
      accentColor: "#16a34a",
      amountOn: (day) => (day < raiseDay ? 385_000 : 405_000),
    },
    {
      id: id(),
      name: "Rent",
      type: "expense",
      kind: "rule",
      amountCents: 115_000,
      account: "checking",
      category: "rent",
      frequency: "monthly",
      startDate: on(0, 1),
      status: "active",
      autoCreate: true,
      counterparty: "Hausverwaltung Becker",
      description: "Rent Schoenhauser Allee 12",
      icon: "home",
      accentColor: "#2563eb",
    },
    {
      id: id(),
      name: "Electricity",
      type: "expense",
      kind: "rule",
      amountCents: 7_800,
      account: "checking",
      category: "utilities",
      frequency: "monthly",
      startDate: on(0, 15),
      status: "active",
      autoCreate: true,
      counterparty: "Stadtwerke Berlin",
      description: "Stadtwerke Berlin electricity advance",
      icon: "zap",
      accentColor: "#3b82f6",
    },
    {
      id: id(),
      name: "Broadcasting fee",
      type: "expense",
      kind: "rule",
      amountCents: 5_508,
      account: "checking",
      category: "utilities",
      frequency: "quarterly",
      startDate: on(0, 16),
      status: "active",
      autoCreate: true,
      counterparty: "ARD ZDF Beitragsservice",
      description: "Rundfunkbeitrag quarterly",
      icon: "radio",
      accentColor: "#60a5fa",
    },
    {
      id: id(),
      name: "Household insurance",
      type: "expense",
      kind: "rule",
      amountCents: 32_400,
      account: "checking",
      category: "insurance",
      frequency: "yearly",
      startDate: on(1, 10),
      status: "active",
      autoCreate: false,
      counterparty: "HUK-Coburg",
      description: "HUK-Coburg liability and household insurance",
      icon: "shield",
      accentColor: "#1d4ed8",
    },
    {
      id: id(),
      name: "Monthly savings",
      type: "transfer",
      kind: "rule",
      amountCents: 40_000,
      account: "checking",
      destination: "savings",
      frequency: "monthly",
      startDate: on(0, 2),
      status: "active",
      autoCreate: true,
      counterparty: "Demo User",
      description: "Monthly savings",
      icon: "piggy-bank",
      accentColor: "#16a34a",
    },
    {
      id: id(),
      name: "Cleaning service",
      type: "expense",
      kind: "rule",
      amountCents: 6_000,
      account: "checking",
      category: "household",
      frequency: "biweekly",
      startDate: on(6, 5),
      status: "paused",
      pausedOn: addMonths(world.today, -3),
      autoCreate: false,
      counterparty: "Helping Hands Reinigung",
      description: "Helping Hands cleaning",
      icon: "sparkles",
      accentColor: "#93c5fd",
    },
    {
      id: id(),
      name: "Water delivery",
      type: "expense",
      kind: "rule",
      amountCents: 2_490,
      account: "checking",
      category: "household",
      frequency: "custom",
      customIntervalDays: 45,
      startDate: on(2, 8),
      endDate: addMonths(world.today, -8),
      status: "ended",
      autoCreate: false,
      counterparty: "AquaDirekt",
      description: "AquaDirekt water delivery",
      icon: "droplet",
      accentColor: "#0ea5e9",
    },
    {
      id: id(),
      name: "Organic veg box",
      type: "expense",
      kind: "subscription",
      amountCents: 2_350,
      account: "checking",
      category: "groceries",
      frequency: "weekly",
      startDate: on(15, 3),
      status: "active",
      autoCreate: false,
      counterparty: "Gruenkiste",
      description: "Gruenkiste veg box",
      billingUrl: "https://example.com/gruenkiste",
      icon: "carrot",
      accentColor: "#f97316",
    },
    {
      id: id(),
      name: "Streamflix",
      type: "expense",
      kind: "subscription",
      amountCents: 1_399,
      account: "creditCard",
      category: "subscriptions",
      frequency: "monthly",
      startDate: on(0, 11),
      status: "active",
      autoCreate: false,
      counterparty: "Streamflix",
      description: "STREAMFLIX.COM",
      billingUrl: "https://example.com/streamflix/account",
      icon: "tv",
      accentColor: "#dc2626",
    },
    {
      id: id(),
      name: "Mobile phone",
      type: "expense",
      kind: "subscription",
      amountCents: 1_999,
      account: "checking",
      category: "internet_phone",
      frequency: "monthly",
      startDate: on(0, 20),
      status: "active",
      autoCreate: false,
      counterparty: "Telekom Deutschland",
      description: "Telekom Mobilfunk",
      billingUrl: "https://example.com/telekom",
      icon: "smartphone",
      accentColor: "#db2777",
    },
    {
      id: id(),
      name: "Home internet",
      type: "expense",
      kind: "subscription",
      amountCents: 3_999,
      account: "checking",
      category: "internet_phone",
      frequency: "monthly",
      startDate: on(0, 8),
      status: "active",
      autoCreate: false,
      counterparty: "Vodafone Kabel",
      description: "Vodafone Kabel Internet",
      icon: "wifi",
      accentColor: "#e11d48",
    },
    {
      id: id(),
      name: "Cloud storage",
      type: "expense",
      kind: "subscription",
      amountCents: 2_999,
      account: "creditCard",
      category: "subscriptions",
      frequency: "yearly",
      startDate: on(4, 3),
      status: "active",
      autoCreate: false,
      counterparty: "Dropcloud",
      description: "DROPCLOUD ANNUAL PLAN",
      billingUrl: "https://example.com/dropcloud",
      icon: "cloud",
      accentColor: "#0284c7",
    },
    {
      id: id(),
      name: "FitClub gym",
      type: "expense",
      kind: "subscription",
      amountCents: 3_490,
      account: "checking",
      category: "fitness",
      frequency: "monthly",
      startDate: on(0, 1),
      status: "paused",
      pausedOn: addMonths(world.today, -2),
      autoCreate: false,
      counterparty: "FitClub GmbH",
      description: "FitClub membership",
      icon: "dumbbell",
      accentColor: "#fca5a5",
    },
    {
      id: id(),
      name: "Tunely music",
      type: "expense",
      kind: "subscription",
      amountCents: 1_099,
      account: "creditCard",
      category: "subscriptions",
      frequency: "monthly",
      startDate: on(0, 18),
      endDate: addMonths(world.today, -10),
      status: "ended",
      autoCreate: false,
      counterparty: "Tunely",
      description: "TUNELY PREMIUM",
      icon: "music",
      accentColor: "#22c55e",
    },
  ];
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
