/**
 * The budget-reading tests' workspace (Auckland time, owned by "Budget Owner"): the budgets Groceries
 * (monthly, carry, linear pacing), Travel (EUR over a USD card, front-loaded) and Hobbies (weekly,
 * inactive), each with the spending the tests work out by hand, and another workspace's budget.
 */
import { beforeAll } from "vitest";
import type { Prisma } from "../../db/generated/prisma/client";
import { addRate, useTestDatabase, type TestDatabase } from "../../testing/fixtures";
import type { WorkspaceRef } from "../identity/authenticate";
import { dayToDate } from "../time/calendar";
import { createPlanningWorkspace, type PlanningWorkspace } from "./testing";

// 2025-03-31 12:00 UTC is already 2025-04-01 01:00 in Auckland (UTC+13 until 6 April).
export const AUCKLAND_APRIL_1 = new Date("2025-03-31T12:00:00Z");
// 2025-03-15 12:00 UTC is 2025-03-16 01:00 in Auckland.
export const AUCKLAND_MARCH_16 = new Date("2025-03-15T12:00:00Z");

export function useBudgetsWorkspace() {
  const db = useTestDatabase();
  const ids = { groceries: "", travel: "", hobbies: "", foreign: "", owner: "" };
  let workspace: WorkspaceRef;
  /** The workspace as a read at `now` sees it. */
  const context = (now: Date) => ({ db, workspace, now });

  beforeAll(async () => {
    const ws = await createPlanningWorkspace(db, { timezone: "Pacific/Auckland", userName: "Budget Owner" });
    const other = await createPlanningWorkspace(db, { timezone: "UTC" });
    ids.owner = ws.userId;
    workspace = ws.workspace;

    const [checking] = await ws.wallet("Checking", [{ currency: "EUR" }]);
    const [usd] = await ws.wallet("Travel card", [{ currency: "USD" }]);
    const groceries = await ws.category("Groceries");
    const dining = await ws.category("Dining");
    const travel = await ws.category("Travel");
    const hobbies = await ws.category("Hobbies");

    // Groceries, monthly, carry: January spends 250, February 400 less a 30 refund, March 120, April 20.
    ids.groceries = await createBudget(db, ws, {
      name: "Groceries",
      rolloverStrategy: "carry",
      pacingStrategy: "linear",
      categoryIds: [groceries],
    });
    const spend = (
      date: string,
      amount: string,
      categoryId = groceries,
      extra: Partial<Parameters<PlanningWorkspace["transaction"]>[0]> = {},
    ) => ws.transaction({ accountId: checking!, date, amount, categoryId, ...extra });
    await spend("2025-01-05", "-100.00");
    await spend("2025-01-20", "-150.00");
    await spend("2025-02-10", "-400.00");
    await spend("2025-02-12", "30.00"); // a refund booked as an expense reduces spending
    await spend("2025-03-03", "-120.00");
    await spend("2025-03-20", "-500.00", groceries, { type: "transfer" }); // transfers never count
    await spend("2025-03-21", "-80.00", dining); // another category
    await spend("2025-03-22", "900.00", groceries, { type: "income" }); // income is not spending
    await spend("2025-04-01", "-20.00");
    // Another workspace's transaction pointing at this category must not count.
    const [foreignAccount] = await other.wallet("Elsewhere", [{ currency: "EUR" }]);
    await other.transaction({
      accountId: foreignAccount!,
      date: "2025-03-05",
      amount: "-1000.00",
      categoryId: groceries,
    });

    // Travel, EUR budget over a USD card, front-loaded, no rollover, leaving out recurring bookings.
    ids.travel = await createBudget(db, ws, {
      name: "Travel",
      amount: "200",
      baseAmount: "200",
      rolloverStrategy: "none",
      pacingStrategy: "front_loaded",
      includeRecurringTransactions: false,
      order: 1,
      categoryIds: [travel],
    });
    await addRate(db, "USD", "EUR", "2025-03-07", "0.9");
    await ws.transaction({ accountId: usd!, date: "2025-03-10", amount: "-110.00", categoryId: travel }); // 99.00 EUR at the 03-07 rate
    await ws.transaction({ accountId: usd!, date: "2025-03-25", amount: "-50.00", categoryId: travel }); // no rate within 7 days
    const rule = await db.prisma.recurringRule.create({
      data: {
        workspaceId: ws.workspace.id,
        name: "Rail pass",
        rawName: "Rail pass",
        type: "expense",
        amount: "10",
        currencyId: db.currencies.get("EUR")!,
        accountId: checking!,
        frequency: "monthly",
        startDate: dayToDate("2025-01-12"),
      },
    });
    await spend("2025-03-12", "-10.00", travel, { recurringRuleId: rule.id });

    // Hobbies, weekly from Monday 2025-03-03, no pacing, switched off.
    ids.hobbies = await createBudget(db, ws, {
      name: "Hobbies",
      amount: "100",
      baseAmount: "100",
      period: "weekly",
      pacingStrategy: "none",
      active: false,
      order: 2,
      startDate: dayToDate("2025-03-03"),
      categoryIds: [hobbies],
    });
    await spend("2025-03-12", "-95.00", hobbies);

    ids.foreign = await createBudget(db, other, { name: "Not yours", categoryIds: [] });
  });
  return { db, ids, context };
}

async function createBudget(
  db: TestDatabase,
  owner: PlanningWorkspace,
  data: Partial<Prisma.BudgetUncheckedCreateInput> & { name: string; categoryIds: string[] },
) {
  const { categoryIds, ...fields } = data;
  const budget = await db.prisma.budget.create({
    data: {
      workspaceId: owner.workspace.id,
      createdByUserId: owner.userId,
      currencyId: db.currencies.get("EUR")!,
      amount: "300",
      baseAmount: "300",
      startDate: dayToDate("2025-01-01"),
      ...fields,
    },
  });
  await db.prisma.budgetCategory.createMany({
    data: categoryIds.map((categoryId) => ({ budgetId: budget.id, categoryId })),
  });
  return budget.id;
}
