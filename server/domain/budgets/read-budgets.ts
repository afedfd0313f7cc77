import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { iso } from "../time/timestamps";
import { currencyById, currencyObject } from "../money/currencies";
import { formatMoney } from "../money/money";
import { afterKeyWhere, paginate, type PageRequest, type PageResult } from "../pagination";
import { creatorsOf, type CreatedBy } from "../users/created-by";
import { dateToDay, todayIn } from "../time/calendar";
import { spendingByPeriod } from "./budget-spending";
import { periodStatus, type CurrentPeriod } from "./budget-status";
import { periodContaining, periodsThrough } from "./periods";
import type { WorkspaceContext } from "../workspace-context";

const budgetInclude = {
  categories: {
    include: {
      category: { select: { id: true, workspaceId: true, name: true, iconName: true, accentColor: true, order: true } },
    },
  },
} as const satisfies Prisma.BudgetInclude;
type BudgetRow = Prisma.BudgetGetPayload<{ include: typeof budgetInclude }>;

export interface BudgetView {
  id: string;
  attributes: Awaited<ReturnType<typeof budgetAttributes>>;
}

/** The period containing `periodDate` with spending, rollover and pace, in the budget currency. */
async function currentPeriodOf(
  { db, workspace }: WorkspaceContext,
  budget: BudgetRow,
  categoryIds: string[],
  periodDate: string,
  today: string,
): Promise<CurrentPeriod> {
  const currency = await currencyById(db, budget.currencyId);
  const startDate = dateToDay(budget.startDate);
  const period = periodContaining(startDate, budget.period, periodDate);
  const periods = budget.rolloverStrategy === "carry" ? periodsThrough(startDate, budget.period, period) : [period];
  const history = await spendingByPeriod(db, {
    workspaceId: workspace.id,
    currencyId: budget.currencyId,
    categoryIds,
    includeRecurring: budget.includeRecurringTransactions,
    periods,
  });
  return periodStatus({
    amount: budget.amount.toString(),
    rollover: budget.rolloverStrategy,
    pacing: budget.pacingStrategy,
    places: currency.decimalPlaces,
    period,
    history,
    periodDate,
    today,
  });
}

async function budgetAttributes(
  context: WorkspaceContext,
  budget: BudgetRow,
  periodDate: string,
  today: string,
  createdBy: CreatedBy | null,
) {
  const currency = await currencyById(context.db, budget.currencyId);
  const categories = budget.categories
    .map((link) => link.category)
    .filter((category) => category.workspaceId === context.workspace.id)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const categoryIds = categories.map((category) => category.id);
  return {
    name: budget.name,
    active: budget.active,
    period: budget.period,
    start_date: dateToDay(budget.startDate),
    rollover_strategy: budget.rolloverStrategy,
    pacing_strategy: budget.pacingStrategy,
    include_recurring_transactions: budget.includeRecurringTransactions,
    accent_color: budget.accentColor,
    icon: budget.icon,
    icon_url: budget.iconUrl,
    currency_id: budget.currencyId,
    version: budget.version,
    currency: currencyObject(currency),
    amount: formatMoney(budget.amount.toString(), currency.decimalPlaces),
    base_amount: formatMoney(budget.baseAmount.toString(), currency.decimalPlaces),
    order: budget.order,
    created_at: iso(budget.createdAt),
    created_by: createdBy,
    category_ids: categoryIds,
    categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      icon: category.iconName,
      accent_color: category.accentColor,
    })),
    current_period: await currentPeriodOf(context, budget, categoryIds, periodDate, today),
  };
}

async function budgetViews(
  context: WorkspaceContext,
  budgets: BudgetRow[],
  periodDate: string | undefined,
): Promise<BudgetView[]> {
  const today = todayIn(context.workspace.timezone, context.now);
  const creator = await creatorsOf(
    context.db,
    budgets.map((budget) => budget.createdByUserId),
  );
  const views: BudgetView[] = [];
  for (const budget of budgets) {
    views.push({
      id: budget.id,
      attributes: await budgetAttributes(context, budget, periodDate ?? today, today, creator(budget.createdByUserId)),
    });
  }
  return views;
}

/**
 * Endpoint 11: one budget of the workspace with the status of the period containing
 * `periodDate` (default today in the workspace timezone).
 */
export async function getBudget(
  context: WorkspaceContext,
  id: string,
  { periodDate }: { periodDate?: string } = {},
): Promise<BudgetView> {
  const budget = await context.db.prisma.budget.findFirst({
    where: { id, workspaceId: context.workspace.id },
    include: budgetInclude,
  });
  if (!budget) throw new AppError("RESOURCE_NOT_FOUND", "No budget with this id exists in the token's workspace.");
  const [view] = await budgetViews(context, [budget], periodDate);
  return view!;
}

/** The budget list (extension): every budget, or only active or inactive ones, each with its current period. */
export async function listBudgets(
  context: WorkspaceContext,
  request: PageRequest,
  { active, periodDate }: { active?: boolean; periodDate?: string } = {},
): Promise<PageResult<BudgetView>> {
  const where: Prisma.BudgetWhereInput = {
    workspaceId: context.workspace.id,
    ...(active === undefined ? {} : { active }),
  };
  const page = await paginate<BudgetRow>(request, {
    fetch: (after, skip, take) =>
      context.db.prisma.budget.findMany({
        where: after ? { AND: [where, after] } : where,
        include: budgetInclude,
        orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
        skip,
        take,
      }),
    count: () => context.db.prisma.budget.count({ where }),
    keyOf: (budget) => ({ order: budget.order, name: budget.name, id: budget.id }),
    afterWhere: (key) => afterKeyWhere(key, (name) => ({ name })),
  });
  return { ...page, items: await budgetViews(context, page.items, periodDate) };
}

/** The workspace's budgets of `ids` (active or not) as the list shows them for the period of `periodDate`. */
export async function budgetsByIds(
  context: WorkspaceContext,
  ids: string[],
  periodDate?: string,
): Promise<BudgetView[]> {
  const rows = await context.db.prisma.budget.findMany({
    where: { workspaceId: context.workspace.id, id: { in: ids } },
    include: budgetInclude,
  });
  return budgetViews(context, rows, periodDate);
}
