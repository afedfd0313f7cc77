import type { Budget } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { CreateBudgetInput, UpdateBudgetInput } from "../../routers/budgets/schemas";
import { assertNoProblems, knownCurrency, placesProblems, workspaceCategories } from "../planning/references";
import { dayToDate, startOfMonth, todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";

/** What a write answers: enough for the dashboard to refresh its list. */
export interface BudgetWritten {
  id: string;
  active: boolean;
  version: number;
}

const written = (budget: Budget): BudgetWritten => ({ id: budget.id, active: budget.active, version: budget.version });

async function findBudget(context: WorkspaceContext, id: string) {
  const budget = await context.db.prisma.budget.findFirst({
    where: { id, workspaceId: context.workspace.id },
    include: { categories: { select: { categoryId: true } } },
  });
  if (!budget) throw new AppError("RESOURCE_NOT_FOUND", "No budget with this id exists in this workspace.");
  return budget;
}

/**
 * A new active budget on at least one category of the workspace. base_amount starts equal to
 * amount; the first period starts on start_date (default: the 1st of this month, workspace time).
 */
export async function createBudget(
  context: WorkspaceContext & { userId: string },
  input: CreateBudgetInput,
): Promise<BudgetWritten> {
  const currency = await knownCurrency(context, input.currency_id ?? context.workspace.homeCurrencyId, "currency_id");
  const categoryIds = await workspaceCategories(context, input.category_ids, "category_ids");
  assertNoProblems(placesProblems({ amount: input.amount }, currency));
  const startDate = input.start_date ?? startOfMonth(todayIn(context.workspace.timezone, context.now));

  const budget = await context.db.transaction(async (tx) => {
    const order = await tx.prisma.budget.count({ where: { workspaceId: context.workspace.id } });
    return tx.prisma.budget.create({
      data: {
        workspaceId: context.workspace.id,
        createdByUserId: context.userId,
        ...budgetColumns(input, currency.id),
        startDate: dayToDate(startDate),
        accentColor: input.accent_color,
        order,
        categories: { create: categoryIds.map((categoryId) => ({ categoryId })) },
      },
    });
  });
  return written(budget);
}

/** The budget's columns a create or an update sets from the form (undefined leaves a column as it is). */
function budgetColumns<Input extends CreateBudgetInput | UpdateBudgetInput>(
  input: Input,
  currencyId: string,
): {
  name: Input["name"];
  currencyId: string;
  amount: Input["amount"];
  baseAmount: Input["amount"];
  period: Input["period"];
  rolloverStrategy: Input["rollover_strategy"];
  pacingStrategy: Input["pacing_strategy"];
  includeRecurringTransactions: Input["include_recurring_transactions"];
} {
  return {
    name: input.name,
    currencyId,
    amount: input.amount,
    baseAmount: input.amount,
    period: input.period,
    rolloverStrategy: input.rollover_strategy,
    pacingStrategy: input.pacing_strategy,
    includeRecurringTransactions: input.include_recurring_transactions,
  };
}

/**
 * Edits a budget and bumps `version`. category_ids, when sent, replaces the categories in the
 * same transaction as the other fields, so no reader sees a budget with half its categories.
 */
export async function updateBudget(context: WorkspaceContext, input: UpdateBudgetInput): Promise<BudgetWritten> {
  const budget = await findBudget(context, input.id);
  const currency = await knownCurrency(context, input.currency_id ?? budget.currencyId, "currency_id");
  const kept = new Set(budget.categories.map((link) => link.categoryId));
  const categoryIds =
    input.category_ids === undefined
      ? undefined
      : await workspaceCategories(
          context,
          input.category_ids,
          "category_ids",
          new Set(input.category_ids.filter((id) => !kept.has(id))),
        );
  assertNoProblems(placesProblems({ amount: input.amount ?? budget.amount.toString() }, currency));

  const updated = await context.db.transaction(async (tx) => {
    if (categoryIds !== undefined) {
      await tx.prisma.budgetCategory.deleteMany({ where: { budgetId: budget.id } });
      await tx.prisma.budgetCategory.createMany({
        data: categoryIds.map((categoryId) => ({ budgetId: budget.id, categoryId })),
      });
    }
    return tx.prisma.budget.update({
      where: { id: budget.id },
      data: {
        ...budgetColumns(input, currency.id),
        startDate: input.start_date === undefined ? undefined : dayToDate(input.start_date),
        accentColor: input.accent_color,
        version: { increment: 1 },
      },
    });
  });
  return written(updated);
}

/** Switches a budget on or off; setting the state it already has changes nothing (no version bump). */
export async function setBudgetActive(
  context: WorkspaceContext,
  { id, active }: { id: string; active: boolean },
): Promise<BudgetWritten> {
  const budget = await findBudget(context, id);
  if (budget.active === active) return written(budget);
  return written(await context.db.prisma.budget.update({ where: { id }, data: { active, version: { increment: 1 } } }));
}
