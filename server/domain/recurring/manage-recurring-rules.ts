import type { Prisma, RecurringRule, RecurringStatus } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { CreateRecurringRuleInput, UpdateRecurringRuleInput } from "../../routers/recurring-rules/schemas";
import { currencyById } from "../money/currencies";
import {
  assertNoProblems,
  constraintViolation,
  placesProblems,
  renamed,
  workspaceAccount,
  workspaceCategories,
} from "../planning/references";
import { dateToDay, dayToDate, todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { recurringRuleProblems, type RecurringRuleShape } from "./rule-problems";

/** What a write answers: enough for the dashboard to refresh its list. */
export interface RecurringRuleWritten {
  id: string;
  status: RecurringStatus;
  version: number;
}

const written = (rule: RecurringRule): RecurringRuleWritten => ({
  id: rule.id,
  status: rule.status,
  version: rule.version,
});
const dayOrNull = (day: string | null) => (day === null ? null : dayToDate(day));

async function findRule(context: WorkspaceContext, id: string): Promise<RecurringRule> {
  const rule = await context.db.prisma.recurringRule.findFirst({ where: { id, workspaceId: context.workspace.id } });
  if (!rule) throw new AppError("RESOURCE_NOT_FOUND", "No recurring rule with this id exists in this workspace.");
  return rule;
}

/** Checks the category (404 foreign, 422 archived) when it is set and changes. */
async function checkCategory(
  context: WorkspaceContext,
  categoryId: string | null,
  previous: string | null = null,
): Promise<void> {
  if (categoryId !== null && categoryId !== previous) await workspaceCategories(context, [categoryId], "category_id");
}

/** A new rule (active); its currency is the source account's. */
export async function createRecurringRule(
  context: WorkspaceContext & { userId: string },
  input: CreateRecurringRuleInput,
): Promise<RecurringRuleWritten> {
  const account = await workspaceAccount(context, input.account_id, "account_id", { usable: true });
  if (input.destination_account_id !== null)
    await workspaceAccount(context, input.destination_account_id, "destination_account_id", { usable: true });
  await checkCategory(context, input.category_id);
  const currency = await currencyById(context.db, account.currencyId);
  assertNoProblems([...recurringRuleProblems(input), ...placesProblems({ amount: input.amount }, currency)]);

  const rule = await context.db.prisma.recurringRule.create({
    data: {
      workspaceId: context.workspace.id,
      createdByUserId: context.userId,
      name: input.name,
      rawName: input.name,
      type: input.type,
      kind: input.kind,
      amount: input.amount,
      currencyId: account.currencyId,
      accountId: account.id,
      destinationAccountId: input.destination_account_id,
      categoryId: input.category_id,
      frequency: input.frequency,
      customIntervalDays: input.custom_interval_days,
      startDate: dayToDate(input.start_date),
      endDate: dayOrNull(input.end_date),
      autoCreate: input.auto_create,
      billingUrl: input.billing_url,
      notes: input.notes,
    },
  });
  return written(rule);
}

/**
 * The rule after an edit: fields not sent keep their value, except that a destination only a
 * transfer has, and an interval only the custom frequency has, are dropped when the type or
 * frequency moves away from them.
 */
function mergedShape(rule: RecurringRule, input: UpdateRecurringRuleInput): RecurringRuleShape {
  const type = input.type ?? rule.type;
  const frequency = input.frequency ?? rule.frequency;
  return {
    type,
    account_id: input.account_id ?? rule.accountId,
    destination_account_id:
      input.destination_account_id !== undefined
        ? input.destination_account_id
        : type === "transfer"
          ? rule.destinationAccountId
          : null,
    frequency,
    custom_interval_days:
      input.custom_interval_days !== undefined
        ? input.custom_interval_days
        : frequency === "custom"
          ? rule.customIntervalDays
          : null,
    start_date: input.start_date ?? dateToDay(rule.startDate),
    end_date: input.end_date !== undefined ? input.end_date : rule.endDate === null ? null : dateToDay(rule.endDate),
  };
}

/** Edits a rule in any status (status moves have their own functions); bumps `version`. */
export async function updateRecurringRule(
  context: WorkspaceContext,
  input: UpdateRecurringRuleInput,
): Promise<RecurringRuleWritten> {
  const rule = await findRule(context, input.id);
  const next = mergedShape(rule, input);
  const account = await workspaceAccount(context, next.account_id, "account_id", {
    usable: next.account_id !== rule.accountId,
  });
  if (next.destination_account_id !== null) {
    const changed = next.destination_account_id !== rule.destinationAccountId;
    await workspaceAccount(context, next.destination_account_id, "destination_account_id", { usable: changed });
  }
  if (input.category_id !== undefined) await checkCategory(context, input.category_id, rule.categoryId);
  const currency = await currencyById(context.db, account.currencyId);
  const amount = input.amount ?? rule.amount.toString();
  assertNoProblems([...recurringRuleProblems(next), ...placesProblems({ amount }, currency)]);

  const data: Prisma.RecurringRuleUncheckedUpdateInput = {
    ...renamed(rule, input.name),
    type: next.type,
    kind: input.kind,
    amount,
    currencyId: account.currencyId,
    accountId: account.id,
    destinationAccountId: next.destination_account_id,
    categoryId: input.category_id,
    frequency: next.frequency,
    customIntervalDays: next.custom_interval_days,
    startDate: dayToDate(next.start_date),
    endDate: dayOrNull(next.end_date),
    autoCreate: input.auto_create,
    billingUrl: input.billing_url,
    notes: input.notes,
    version: { increment: 1 },
  };
  return written(await context.db.prisma.recurringRule.update({ where: { id: rule.id }, data }));
}

const STATUS_MOVES = {
  pause: { from: ["active"], to: "paused", refusal: "Only an active rule can be paused" },
  resume: { from: ["paused"], to: "active", refusal: "Only a paused rule can be resumed" },
  end: { from: ["active", "paused"], to: "ended", refusal: "Only an active or paused rule can be ended" },
} as const satisfies Record<string, { from: readonly RecurringStatus[]; to: RecurringStatus; refusal: string }>;

type StatusMove = keyof typeof STATUS_MOVES;

/**
 * Applies a status move to the rule as read, refusing it (422) from any other status. The write
 * is conditional on the version read, so a move never lands on a rule changed meanwhile.
 */
async function moveStatus(
  context: WorkspaceContext,
  id: string,
  move: StatusMove,
  changes: (rule: RecurringRule) => Prisma.RecurringRuleUpdateManyMutationInput = () => ({}),
): Promise<RecurringRuleWritten> {
  const rule = await findRule(context, id);
  const { from, to, refusal } = STATUS_MOVES[move];
  if (!(from as readonly RecurringStatus[]).includes(rule.status)) {
    throw constraintViolation([{ field: "status", message: `${refusal}; this one is ${rule.status}.` }]);
  }
  const { count } = await context.db.prisma.recurringRule.updateMany({
    where: { id, workspaceId: context.workspace.id, version: rule.version },
    data: { ...changes(rule), status: to, version: { increment: 1 } },
  });
  if (count === 0)
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "The rule changed meanwhile; reload it and try again.");
  return { id, status: to, version: rule.version + 1 };
}

/** active -> paused: no occurrences until resumed; paused_at records when. */
export function pauseRecurringRule(context: WorkspaceContext, { id }: { id: string }): Promise<RecurringRuleWritten> {
  return moveStatus(context, id, "pause", () => ({ pausedAt: context.now ?? new Date() }));
}

/** paused -> active: occurrences continue on the schedule counted from the start date. */
export function resumeRecurringRule(context: WorkspaceContext, { id }: { id: string }): Promise<RecurringRuleWritten> {
  return moveStatus(context, id, "resume", () => ({ pausedAt: null }));
}

/**
 * active | paused -> ended, for good. end_date becomes today (workspace timezone) unless the rule
 * already ends earlier; a rule that has not started yet ends on its start date, so end_date never
 * precedes start_date.
 */
export function endRecurringRule(context: WorkspaceContext, { id }: { id: string }): Promise<RecurringRuleWritten> {
  const today = todayIn(context.workspace.timezone, context.now);
  return moveStatus(context, id, "end", (rule) => {
    const start = dateToDay(rule.startDate);
    const planned = rule.endDate === null ? null : dateToDay(rule.endDate);
    const end = planned !== null && planned < today ? planned : today;
    return { pausedAt: null, endDate: dayToDate(end < start ? start : end) };
  });
}
