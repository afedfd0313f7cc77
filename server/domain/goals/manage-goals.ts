import type { Database } from "../../db";
import type { Goal, GoalStatus, Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { CreateGoalInput, UpdateGoalInput } from "../../schemas/goals";
import { assertNoProblems, constraintViolation, knownCurrency, placesProblems, renamed, workspaceWallet, type WriteScope } from "../planning/references";
import type { WorkspaceRef } from "../identity/authenticate";
import { currencyCatalogue } from "../money/currencies";
import { formatMoney } from "../money/money";
import { dayToDate } from "../time/calendar";
import { listGoals, type GoalStatusFilter } from "./list-goals";

/** What a write answers: enough for the dashboard to refresh its list. */
export interface GoalWritten {
  id: string;
  status: GoalStatus;
  version: number;
}

const written = (goal: Goal): GoalWritten => ({ id: goal.id, status: goal.status, version: goal.version });

async function findGoal(scope: WriteScope, id: string): Promise<Goal> {
  const goal = await scope.db.prisma.goal.findFirst({ where: { id, workspaceId: scope.workspace.id } });
  if (!goal) throw new AppError("RESOURCE_NOT_FOUND", "No goal with this id exists in this workspace.");
  return goal;
}

/** A new active goal, in the workspace's home currency unless another is chosen. */
export async function createGoal(scope: WriteScope, input: CreateGoalInput): Promise<GoalWritten> {
  const currency = await knownCurrency(scope, input.currency_id ?? scope.workspace.homeCurrencyId, "currency_id");
  if (input.linked_wallet_id !== null) await workspaceWallet(scope, input.linked_wallet_id, "linked_wallet_id", { usable: true });
  assertNoProblems(
    placesProblems({ target_amount: input.target_amount, saved_amount: input.saved_amount, monthly_contribution: input.monthly_contribution }, currency),
  );
  const order = await scope.db.prisma.goal.count({ where: { workspaceId: scope.workspace.id } });
  const goal = await scope.db.prisma.goal.create({
    data: {
      workspaceId: scope.workspace.id,
      createdByUserId: scope.userId,
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
export async function updateGoal(scope: WriteScope, input: UpdateGoalInput): Promise<GoalWritten> {
  const goal = await findGoal(scope, input.id);
  const currency = await knownCurrency(scope, input.currency_id ?? goal.currencyId, "currency_id");
  if (input.linked_wallet_id !== undefined && input.linked_wallet_id !== null) {
    await workspaceWallet(scope, input.linked_wallet_id, "linked_wallet_id", { usable: input.linked_wallet_id !== goal.linkedWalletId });
  }
  // A new currency must fit the amounts kept as well as those sent.
  const amounts = {
    target_amount: input.target_amount ?? goal.targetAmount.toString(),
    saved_amount: input.saved_amount ?? goal.savedAmount.toString(),
    monthly_contribution: input.monthly_contribution !== undefined ? input.monthly_contribution : (goal.monthlyContribution?.toString() ?? null),
  };
  assertNoProblems(placesProblems(amounts, currency));

  const data: Prisma.GoalUncheckedUpdateInput = {
    ...renamed(goal, input.name),
    currencyId: currency.id,
    targetAmount: input.target_amount,
    savedAmount: input.saved_amount,
    monthlyContribution: input.monthly_contribution,
    targetDate: input.target_date === undefined ? undefined : input.target_date === null ? null : dayToDate(input.target_date),
    linkedWalletId: input.linked_wallet_id,
    accentColor: input.accent_color,
    version: { increment: 1 },
  };
  return written(await scope.db.prisma.goal.update({ where: { id: goal.id }, data }));
}

const STATUS_MOVES = {
  achieve: { from: ["active"], to: "achieved", refusal: "Only an active goal can be marked achieved" },
  abandon: { from: ["active"], to: "abandoned", refusal: "Only an active goal can be abandoned" },
  reactivate: { from: ["achieved", "abandoned"], to: "active", refusal: "Only an achieved or abandoned goal can be reactivated" },
} as const satisfies Record<string, { from: readonly GoalStatus[]; to: GoalStatus; refusal: string }>;

/** Applies a status move to the goal as read (422 from any other status), conditional on its version. */
async function moveStatus(scope: WriteScope, id: string, move: keyof typeof STATUS_MOVES, achievedAt: Date | null): Promise<GoalWritten> {
  const goal = await findGoal(scope, id);
  const { from, to, refusal } = STATUS_MOVES[move];
  if (!(from as readonly GoalStatus[]).includes(goal.status)) {
    throw constraintViolation([{ field: "status", message: `${refusal}; this one is ${goal.status}.` }]);
  }
  const { count } = await scope.db.prisma.goal.updateMany({
    where: { id, workspaceId: scope.workspace.id, version: goal.version },
    data: { status: to, achievedAt, version: { increment: 1 } },
  });
  if (count === 0) throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "The goal changed meanwhile; reload it and try again.");
  return { id, status: to, version: goal.version + 1 };
}

/** active -> achieved; achieved_at records when. */
export function achieveGoal(scope: WriteScope, { id }: { id: string }): Promise<GoalWritten> {
  return moveStatus(scope, id, "achieve", scope.now ?? new Date());
}

/** active -> abandoned. */
export function abandonGoal(scope: WriteScope, { id }: { id: string }): Promise<GoalWritten> {
  return moveStatus(scope, id, "abandon", null);
}

/** achieved | abandoned -> active; achieved_at is cleared. */
export function reactivateGoal(scope: WriteScope, { id }: { id: string }): Promise<GoalWritten> {
  return moveStatus(scope, id, "reactivate", null);
}

/**
 * The dashboard's goal list: the API's goals (endpoint 12, same figures) plus the saved amount
 * kept on each goal, which the edit form needs while current_saved follows a linked wallet.
 */
export async function listGoalsForManagement(
  scope: { db: Database; workspace: WorkspaceRef; now?: Date },
  { page, limit, status }: { page: number; limit: number; status: GoalStatusFilter },
) {
  const result = await listGoals(scope, { mode: "page", page, limit }, { status });
  const ids = result.items.map((item) => item.id);
  const rows = await scope.db.prisma.goal.findMany({ where: { id: { in: ids } }, select: { id: true, savedAmount: true, currencyId: true } });
  const currencies = await currencyCatalogue(scope.db.prisma);
  const saved = new Map(rows.map((row) => [row.id, formatMoney(row.savedAmount.toString(), currencies.get(row.currencyId)!.decimalPlaces)]));
  return {
    items: result.items.map((item) => ({ ...item, attributes: { ...item.attributes, saved_amount: saved.get(item.id)! } })),
    total: result.total ?? 0,
  };
}
