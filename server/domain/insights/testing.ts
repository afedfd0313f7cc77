/**
 * The insight tests' workspace (New York time), with a history from November 2024 to June 2025
 * built so that every insight type fires: `useInsightsWorkspace()` registers the hooks and answers
 * the ids of what it made and `list`, the workspace's insights of a month.
 */
import { beforeAll } from "vitest";
import type { Prisma } from "../../db/generated/prisma/client";
import { addRate, useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { dayToDate } from "../time/calendar";
import { insight } from "../../routers/insights/schemas";
import { listInsights } from "./list-insights";
import type { Insight } from "./types";

// 2025-06-21 02:00 UTC is still 2025-06-20 (22:00) in New York: the current month is June.
export const NOW = new Date("2025-06-21T02:00:00Z");

export const byId = (insights: Insight[]) => new Map(insights.map((insight) => [insight.id, insight]));

export function useInsightsWorkspace() {
  const db = useTestDatabase();
  let ws: PlanningWorkspace;
  const ids: Record<string, string> = {};

  async function list(period: string, accountIds?: string[], now = NOW): Promise<Insight[]> {
    const { insights } = await listInsights({ db, workspace: ws.workspace, now }, { period, accountIds });
    // Each payload as the API's Insight schema types it (one shape per type): the answers are checked against it.
    for (const found of insights) insight.parse(found);
    return insights;
  }

  beforeAll(async () => {
    ws = await createPlanningWorkspace(db, { timezone: "America/New_York" });
    const other = await createPlanningWorkspace(db, { timezone: "UTC" });
    [ids.foreignAccount] = (await other.wallet("Theirs", [{ currency: "EUR" }])) as [string];

    const [checking, card] = (await ws.wallet("Checking", [{ currency: "EUR" }, { currency: "USD" }])) as [
      string,
      string,
    ];
    const [second] = (await ws.wallet("Second", [{ currency: "EUR" }])) as [string];
    Object.assign(ids, { checking, card, second });
    const groceries = (ids.groceries = await ws.category("Groceries"));
    const dining = (ids.dining = await ws.category("Dining"));
    const travel = await ws.category("Travel");
    const salary = await ws.category("Salary");
    await addRate(db, "USD", "EUR", "2025-05-14", "0.9");
    await addRate(db, "USD", "EUR", "2025-06-19", "0.9");
    const spend = (
      accountId: string,
      date: string,
      amount: string,
      categoryId: string | null = groceries,
      counterparty?: string,
    ) => ws.transaction({ accountId, date, amount, categoryId, counterparty });

    // Groceries before May: 40, 60, 50, 45, 55, 100 (median of the 6 months before May: 52.50).
    for (const [date, amount] of [
      ["2024-11-10", "-40"],
      ["2024-12-10", "-60"],
      ["2025-01-10", "-50"],
      ["2025-02-10", "-45"],
      ["2025-03-10", "-55"],
      ["2025-04-10", "-100"],
    ] as const) {
      await spend(checking, date, amount);
    }
    // May's groceries: 320.00 at REWE, the month's largest merchant, and 180.00 named only by its description.
    ids.tx170 = await spend(checking, "2025-05-12", "-170.00", groceries, "REWE Markt");
    ids.txUsd = await spend(card, "2025-05-15", "-200.00"); // 180.00 EUR at the 05-14 rate
    await spend(checking, "2025-05-20", "-150.00", groceries, " rewe markt ");
    await spend(card, "2025-05-25", "-500.00"); // no rate within 7 days: left out
    await spend(checking, "2025-06-03", "-50.00");

    // Dining, on the second wallet only: too little history for a median in May.
    await spend(second, "2025-01-15", "-30.00", dining);
    await spend(second, "2025-04-15", "-30.00", dining);
    await spend(second, "2025-05-05", "-400.00", dining);
    ids.txDiningJune = await spend(second, "2025-06-10", "-240.00", dining);

    // Travel: steady 100 a month, 140 in May (neither a spike nor an anomaly).
    for (const date of ["2025-02-05", "2025-03-05", "2025-04-05"]) await spend(checking, date, "-100.00", travel);
    await spend(checking, "2025-05-05", "-140.00", travel);

    // Salary on the 25th: 3,000 Feb-Apr, 2,000 in May.
    for (const [date, amount] of [
      ["2025-02-25", "3000"],
      ["2025-03-25", "3000"],
      ["2025-04-25", "3000"],
      ["2025-05-25", "2000"],
    ] as const) {
      await ws.transaction({ accountId: checking, date, amount, type: "income", categoryId: salary });
    }
    // Eleven uncategorised expenses of 5 in May (May 1..11), and an uncategorised transfer that does not count.
    for (let day = 1; day <= 11; day += 1)
      await spend(checking, `2025-05-${String(day).padStart(2, "0")}`, "-5.00", null);
    await ws.transaction({ accountId: checking, date: "2025-05-12", amount: "-300", type: "transfer" });

    const budget = async (data: { name: string; amount: string; startDate: string; categoryIds: string[] }) => {
      const created = await db.prisma.budget.create({
        data: {
          workspaceId: ws.workspace.id,
          name: data.name,
          currencyId: db.currencies.get("EUR")!,
          amount: data.amount,
          baseAmount: data.amount,
          startDate: dayToDate(data.startDate),
        },
      });
      await db.prisma.budgetCategory.createMany({
        data: data.categoryIds.map((categoryId) => ({ budgetId: created.id, categoryId })),
      });
      return created.id;
    };
    ids.groceriesBudget = await budget({
      name: "Groceries",
      amount: "400",
      startDate: "2025-01-01",
      categoryIds: [groceries],
    });
    ids.diningBudget = await budget({ name: "Dining", amount: "300", startDate: "2025-06-01", categoryIds: [dining] });

    const goal = (data: Partial<Prisma.GoalUncheckedCreateInput> & { name: string; targetAmount: string }) =>
      db.prisma.goal.create({
        data: { workspaceId: ws.workspace.id, rawName: data.name, currencyId: db.currencies.get("EUR")!, ...data },
      });
    ids.laptop = (
      await goal({
        name: "Laptop",
        targetAmount: "2400",
        savedAmount: "350",
        monthlyContribution: "100",
        targetDate: dayToDate("2025-12-31"),
      })
    ).id;
    ids.camera = (
      await goal({ name: "Camera", targetAmount: "400", savedAmount: "100", targetDate: dayToDate("2025-05-01") })
    ).id;
    await goal({
      name: "Bike",
      targetAmount: "1000",
      savedAmount: "500",
      monthlyContribution: "200",
      targetDate: dayToDate("2025-09-30"),
    });

    const rule = (data: Partial<Prisma.RecurringRuleUncheckedCreateInput> & { name: string; startDate: string }) =>
      db.prisma.recurringRule.create({
        data: {
          workspaceId: ws.workspace.id,
          rawName: data.name,
          type: "expense",
          amount: "900",
          currencyId: db.currencies.get("EUR")!,
          accountId: checking,
          frequency: "monthly",
          ...data,
          startDate: dayToDate(data.startDate),
        },
      });
    ids.rent = (await rule({ name: "Rent", startDate: "2025-01-25" })).id;
    ids.streaming = (
      await rule({
        name: "Streaming",
        kind: "subscription",
        amount: "15",
        currencyId: db.currencies.get("USD")!,
        accountId: card,
        startDate: "2025-01-21",
      })
    ).id;
    await rule({ name: "Gym", status: "paused", startDate: "2025-01-22" });
    await rule({ name: "Insurance", startDate: "2025-01-05" });
    await rule({ name: "Pay", type: "income", startDate: "2025-01-23" });
  });
  return { ids, list };
}
