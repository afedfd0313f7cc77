import type { Db } from "../../server/db/client";
import type {
  BudgetPeriod,
  GoalStatus,
  PacingStrategy,
  RolloverStrategy,
} from "../../server/db/generated/prisma/client";
import { addMonths, dayToDate } from "../../server/domain/time/calendar";
import { centsToDecimal } from "./money";
import { dayOfHistoryMonth } from "./recurring";
import { stampOf, type DemoWorld } from "./setup";

interface GoalSpec {
  name: string;
  status: GoalStatus;
  targetCents: number;
  savedCents: number;
  monthlyCents: number | null;
  targetDate: string | null;
  linkedWallet: boolean;
  icon: string;
  accentColor: string;
  createdOn: string;
  closedOn?: string;
}

/** Goals in every status: on track with a linked wallet, behind schedule, achieved, abandoned. */
export async function createGoals(db: Db, world: DemoWorld): Promise<number> {
  const on = (monthIndex: number, day: number) => dayOfHistoryMonth(world, monthIndex, day);
  const goals: GoalSpec[] = [
    {
      name: "Emergency fund",
      status: "active",
      targetCents: 2_000_000,
      savedCents: 0,
      monthlyCents: 40_000,
      targetDate: addMonths(world.today, 8),
      linkedWallet: true,
      icon: "shield",
      accentColor: "#16a34a",
      createdOn: on(0, 2),
    },
    {
      // 350 saved, 2,050 to go in three months at 100 a month: clearly behind schedule.
      name: "New laptop",
      status: "active",
      targetCents: 240_000,
      savedCents: 35_000,
      monthlyCents: 10_000,
      targetDate: addMonths(world.today, 3),
      linkedWallet: false,
      icon: "laptop",
      accentColor: "#f472b6",
      createdOn: on(12, 6),
    },
    {
      name: "Lisbon trip",
      status: "achieved",
      targetCents: 120_000,
      savedCents: 120_000,
      monthlyCents: 20_000,
      targetDate: on(3, 20),
      linkedWallet: false,
      icon: "plane",
      accentColor: "#0ea5e9",
      createdOn: on(0, 5),
      closedOn: on(3, 14),
    },
    {
      name: "Motorbike",
      status: "abandoned",
      targetCents: 600_000,
      savedCents: 80_000,
      monthlyCents: 25_000,
      targetDate: addMonths(world.today, 14),
      linkedWallet: false,
      icon: "bike",
      accentColor: "#a16207",
      createdOn: on(4, 12),
      closedOn: on(10, 3),
    },
  ];
  const result = await db.prisma.goal.createMany({
    data: goals.map((goal, order) => ({
      id: world.ids.uuid(),
      workspaceId: world.workspaceId,
      createdByUserId: world.userId,
      name: goal.name,
      rawName: goal.name,
      icon: goal.icon,
      accentColor: goal.accentColor,
      currencyId: world.currencies.EUR,
      targetAmount: centsToDecimal(goal.targetCents),
      monthlyContribution: goal.monthlyCents === null ? null : centsToDecimal(goal.monthlyCents),
      savedAmount: centsToDecimal(goal.savedCents),
      targetDate: goal.targetDate ? dayToDate(goal.targetDate) : null,
      linkedWalletId: goal.linkedWallet ? world.wallets.savings : null,
      order,
      status: goal.status,
      autoContribution: goal.linkedWallet ? { enabled: true, source: "recurring_rule", day_of_month: 2 } : undefined,
      achievedAt: goal.status === "achieved" && goal.closedOn ? stampOf(goal.closedOn) : null,
      createdAt: stampOf(goal.createdOn),
      updatedAt: stampOf(goal.closedOn ?? goal.createdOn),
    })),
  });
  return result.count;
}

interface BudgetSpec {
  name: string;
  active: boolean;
  period: BudgetPeriod;
  rollover: RolloverStrategy;
  pacing: PacingStrategy;
  amountCents: number;
  categories: string[];
  icon: string;
  accentColor: string;
}

/** Monthly budgets: one carrying leftovers over, one without rollover, one switched off. */
export async function createBudgets(db: Db, world: DemoWorld): Promise<number> {
  const budgets: BudgetSpec[] = [
    {
      name: "Groceries",
      active: true,
      period: "monthly",
      rollover: "carry",
      pacing: "linear",
      amountCents: 72_000,
      categories: ["groceries"],
      icon: "shopping-cart",
      accentColor: "#f97316",
    },
    {
      name: "Eating out",
      active: true,
      period: "monthly",
      rollover: "none",
      pacing: "front_loaded",
      amountCents: 18_000,
      categories: ["restaurants", "coffee"],
      icon: "utensils",
      accentColor: "#fb923c",
    },
    {
      name: "Getting around",
      active: true,
      period: "monthly",
      rollover: "none",
      pacing: "linear",
      amountCents: 12_000,
      categories: ["public_transport", "taxi", "fuel"],
      icon: "train",
      accentColor: "#8b5cf6",
    },
    {
      name: "Hobbies",
      active: false,
      period: "monthly",
      rollover: "carry",
      pacing: "none",
      amountCents: 8_000,
      categories: ["entertainment", "photography"],
      icon: "camera",
      accentColor: "#4b5563",
    },
  ];
  const at = stampOf(world.start);
  const rows = budgets.map((budget) => ({ budget, id: world.ids.uuid() }));
  await db.prisma.budget.createMany({
    data: rows.map(({ budget, id }, order) => ({
      id,
      workspaceId: world.workspaceId,
      createdByUserId: world.userId,
      name: budget.name,
      active: budget.active,
      period: budget.period,
      rolloverStrategy: budget.rollover,
      pacingStrategy: budget.pacing,
      accentColor: budget.accentColor,
      icon: budget.icon,
      currencyId: world.currencies.EUR,
      amount: centsToDecimal(budget.amountCents),
      baseAmount: centsToDecimal(budget.amountCents),
      startDate: dayToDate(world.start),
      order,
      createdAt: at,
      updatedAt: at,
    })),
  });
  await db.prisma.budgetCategory.createMany({
    data: rows.flatMap(({ budget, id }) =>
      budget.categories.map((key) => ({ budgetId: id, categoryId: world.category(key) })),
    ),
  });
  return rows.length;
}
