import type { Goal, GoalStatus, Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { CreateGoalInput, UpdateGoalInput } from "../../routers/goals/schemas";
import {
  assertNoProblems,
  constraintViolation,
  knownCurrency,
  placesProblems,
  renamed,
  workspaceWallet,
} from "../planning/references";
import { dayToDate } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";

/** What a write answers: enough for the dashboard to refresh its list. */
export interface GoalWritten {
  id: string;
  status: GoalStatus;
  version: number;
}

const written = (goal: Goal): GoalWritten => ({ id: goal.id, status: goal.status, version: goal.version });

async function findGoal(context: WorkspaceContext, id: string): Promise<Goal> {
  const goal = await context.db.prisma.goal.findFirst({ where: { id, workspaceId: context.workspace.id } });
  if (!goal) throw new AppError("RESOURCE_NOT_FOUND", "No goal with this id exists in this workspace.");
  return goal;
}

/** A new active goal, in the workspace's home currency unless another is chosen. */
export async function createGoal(
  context: WorkspaceContext & { userId: string },
  input: CreateGoalInput,
): Promise<GoalWritten> {
  const currency = await knownCurrency(context, input.currency_id ?? context.workspace.homeCurrencyId, "currency_id");
  if (input.linked_wallet_id !== null)
    await workspaceWallet(context, input.linked_wallet_id, "linked_wallet_id", { usable: true });
  assertNoProblems(
    placesProblems(
      {
        target_amount: input.target_amount,
        saved_amount: input.saved_amount,
        monthly_contribution: input.monthly_contribution,
      },
      currency,
    ),
  );
  const order = await context.db.prisma.goal.count({ where: { workspaceId: context.workspace.id } });
  const goal = await context.db.prisma.goal.create({
    data: {
      workspaceId: context.workspace.id,
      createdByUserId: context.userId,
      name: input.name,
      rawName: input.name,
      currencyId: currency.id,
      targetAmount: input.target_amount,
      savedAmount: input.saved_amount,
      monthlyContribution: input.monthly_contribution,
      targetDate: input.target_date === null ? null : dayToDate(input.target_date),
      linkedWalletId: input.linked_wallet_id,
      accentColor: input.accent_color,
      order,
    },
  });
  return written(goal);
}

/** Edits a goal in any status (status moves have their own functions); bumps `version`. */
export async function updateGoal(context: WorkspaceContext, input: UpdateGoalInput): Promise<GoalWritten> {
  const goal = await findGoal(context, input.id);
  const currency = await knownCurrency(context, input.currency_id ?? goal.currencyId, "currency_id");
  if (input.linked_wallet_id !== undefined && input.linked_wallet_id !== null) {
    await workspaceWallet(context, input.linked_wallet_id, "linked_wallet_id", {
      usable: input.linked_wallet_id !== goal.linkedWalletId,
    });
  }
  // A new currency must fit the amounts kept as well as those sent.
  const amounts = {
    target_amount: input.target_amount ?? goal.targetAmount.toString(),
    saved_amount: input.saved_amount ?? goal.savedAmount.toString(),
    monthly_contribution:
      input.monthly_contribution !== undefined
        ? input.monthly_contribution
        : (goal.monthlyContribution?.toString() ?? null),
  };
  assertNoProblems(placesProblems(amounts, currency));

  const data: Prisma.GoalUncheckedUpdateInput = {
    ...renamed(goal, input.name),
    currencyId: currency.id,
    targetAmount: input.target_amount,
    savedAmount: input.saved_amount,
    monthlyContribution: input.monthly_contribution,
    targetDate:
      input.target_date === undefined ? undefined : input.target_date === null ? null : dayToDate(input.target_date),
    linkedWalletId: input.linked_wallet_id,
    accentColor: input.accent_color,
    version: { increment: 1 },
  };
  return written(await context.db.prisma.goal.update({ where: { id: goal.id }, data }));
}

const STATUS_MOVES = {
  achieve: { from: ["active"], to: "achieved", refusal: "Only an active goal can be marked achieved" },
  abandon: { from: ["active"], to: "abandoned", refusal: "Only an active goal can be abandoned" },
  reactivate: {
    from: ["achieved", "abandoned"],
    to: "active",
    refusal: "Only an achieved or abandoned goal can be reactivated",
  },
} as const satisfies Record<string, { from: readonly GoalStatus[]; to: GoalStatus; refusal: string }>;

/** Applies a status move to the goal as read (422 from any other status), conditional on its version. */
async function moveStatus(
  context: WorkspaceContext,
  id: string,
  move: keyof typeof STATUS_MOVES,
  achievedAt: Date | null,
): Promise<GoalWritten> {
  const goal = await findGoal(context, id);
  const { from, to, refusal } = STATUS_MOVES[move];
  if (!(from as readonly GoalStatus[]).includes(goal.status)) {
    throw constraintViolation([{ field: "status", message: `${refusal}; this one is ${goal.status}.` }]);
  }
  const { count } = await context.db.prisma.goal.updateMany({
    where: { id, workspaceId: context.workspace.id, version: goal.version },
    data: { status: to, achievedAt, version: { increment: 1 } },
  });
  if (count === 0)
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "The goal changed meanwhile; reload it and try again.");
  return { id, status: to, version: goal.version + 1 };
}

/** active -> achieved; achieved_at records when. */
export function achieveGoal(context: WorkspaceContext, { id }: { id: string }): Promise<GoalWritten> {
  return moveStatus(context, id, "achieve", context.now ?? new Date());
}

/** active -> abandoned. */
export function abandonGoal(context: WorkspaceContext, { id }: { id: string }): Promise<GoalWritten> {
  return moveStatus(context, id, "abandon", null);
}

/** achieved | abandoned -> active; achieved_at is cleared. */
export function reactivateGoal(context: WorkspaceContext, { id }: { id: string }): Promise<GoalWritten> {
  return moveStatus(context, id, "reactivate", null);
}
