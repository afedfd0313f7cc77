import type { Goal, GoalStatus, Prisma } from "../../db/generated/prisma/client";
import { iso } from "../time/timestamps";
import { currencyCatalogue } from "../money/currencies";
import { Decimal, formatMoney } from "../money/money";
import { afterKeyWhere, paginate, type PageRequest, type PageResult } from "../pagination";
import { creatorsOf, type CreatedBy } from "../users/created-by";
import { dateToDay, todayIn } from "../time/calendar";
import { goalProgress } from "./goal-progress";
import { walletSavings, type WalletSavings } from "./wallet-savings";
import type { WorkspaceContext } from "../workspace-context";

export type GoalStatusFilter = GoalStatus | "all";

/** A stored JSON value as the API's opaque object: objects pass, anything else is null. */
function jsonObject(value: Prisma.JsonValue | null): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function toAttributes(
  goal: Goal,
  places: number,
  today: string,
  savings: WalletSavings | null,
  createdBy: CreatedBy | null,
) {
  const money = (value: Decimal.Value | null) => (value === null ? null : formatMoney(value.toString(), places));
  const contribution = goal.monthlyContribution === null ? null : new Decimal(goal.monthlyContribution.toString());
  const targetDate = goal.targetDate ? dateToDay(goal.targetDate) : null;
  const progress = goalProgress({
    status: goal.status,
    target: goal.targetAmount.toString(),
    targetDate,
    currentSaved: savings ? savings.balance : goal.savedAmount.toString(),
    monthlyPace: contribution ?? savings?.monthlyChange ?? 0,
    today,
    places,
  });
  return {
    created_by_user_id: goal.createdByUserId,
    name: goal.name,
    raw_name: goal.rawName,
    is_system_seed: goal.isSystemSeed,
    system_seed_key: goal.systemSeedKey,
    system_seed_source: goal.systemSeedSource,
    name_customized: goal.nameCustomized,
    icon: goal.icon,
    icon_url: goal.iconUrl,
    cover_image: jsonObject(goal.coverImage),
    accent_color: goal.accentColor,
    currency_id: goal.currencyId,
    target_amount: money(goal.targetAmount)!,
    monthly_contribution: money(goal.monthlyContribution),
    current_saved: progress.currentSaved,
    saved_amount: money(goal.savedAmount)!,
    target_date: targetDate,
    linked_wallet_id: goal.linkedWalletId,
    order: goal.order,
    status: goal.status,
    created_at: iso(goal.createdAt),
    updated_at: iso(goal.updatedAt),
    monthly_pace: progress.monthlyPace,
    expected_completion_date: progress.expectedCompletionDate,
    on_track: progress.onTrack,
    pace: progress.pace,
    pace_detail: {
      remaining_amount: progress.remaining,
      required_monthly: progress.requiredMonthly,
      months_remaining: progress.monthsRemaining,
      progress_percentage: progress.progressPercentage,
    },
    auto_contribution: jsonObject(goal.autoContribution),
    eta_month: progress.etaMonth,
    overdue: progress.overdue,
    version: goal.version,
    created_by: createdBy,
  };
}

export type GoalAttributes = ReturnType<typeof toAttributes>;

/**
 * Endpoint 12: the workspace's goals (active ones unless `status` says otherwise) with their
 * progress as of today in the workspace timezone.
 */
export async function listGoals(
  { db, workspace, now = new Date() }: WorkspaceContext,
  request: PageRequest,
  { status = "active" }: { status?: GoalStatusFilter } = {},
): Promise<PageResult<GoalView>> {
  const where: Prisma.GoalWhereInput = { workspaceId: workspace.id, ...(status === "all" ? {} : { status }) };
  const page = await paginate<Goal>(request, {
    fetch: (after, skip, take) =>
      db.prisma.goal.findMany({
        where: after ? { AND: [where, after] } : where,
        orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
        skip,
        take,
      }),
    count: () => db.prisma.goal.count({ where }),
    keyOf: (goal) => ({ order: goal.order, name: goal.name, id: goal.id }),
    afterWhere: (key) => afterKeyWhere(key, (name) => ({ name })),
  });

  return { ...page, items: await goalViews({ db, workspace, now }, page.items) };
}

type GoalView = { id: string; attributes: GoalAttributes };

/** The workspace's goals of `ids` (any status) as the list shows them. */
export async function goalsByIds(context: WorkspaceContext, ids: string[]): Promise<GoalView[]> {
  const rows = await context.db.prisma.goal.findMany({ where: { workspaceId: context.workspace.id, id: { in: ids } } });
  return goalViews(context, rows);
}

/** Goals with their progress as of today in the workspace timezone. */
async function goalViews({ db, workspace, now = new Date() }: WorkspaceContext, goals: Goal[]): Promise<GoalView[]> {
  const today = todayIn(workspace.timezone, now);
  const currencies = await currencyCatalogue(db);
  const linked = goals.flatMap((goal) =>
    goal.linkedWalletId ? [{ walletId: goal.linkedWalletId, currencyId: goal.currencyId }] : [],
  );
  const savingsOf = await walletSavings({ db, workspace }, linked, today);
  const creator = await creatorsOf(
    db,
    goals.map((goal) => goal.createdByUserId),
  );
  const items = goals.map((goal) => {
    const places = currencies.get(goal.currencyId)!.decimalPlaces;
    const savings = goal.linkedWalletId ? savingsOf(goal.linkedWalletId, goal.currencyId) : null;
    return { id: goal.id, attributes: toAttributes(goal, places, today, savings, creator(goal.createdByUserId)) };
  });
  return items;
}
