import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../../db/generated/prisma/client";
import { addRate, useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { dayToDate } from "../time/calendar";
import { goalProgress } from "./goal-progress";
import { listGoals, type GoalAttributes } from "./list-goals";

// 2025-06-14 12:00 UTC is 2025-06-15 00:00 in Auckland (UTC+12 in winter).
const NOW = new Date("2025-06-14T12:00:00Z");

const db = useTestDatabase();
let ws: PlanningWorkspace;
let goals: Map<string, GoalAttributes>;

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "Pacific/Auckland", userName: "Saver" });
  const other = await createPlanningWorkspace(db, { timezone: "UTC" });

  // Savings: 1,000 EUR opening + 500 a month Feb..May + 300 in June; 200 USD; 1,000 GBP without a rate.
  const [eur, , gbp] = await ws.wallet("Savings", [
    { currency: "EUR", opening: "1000", openingDate: "2025-01-01" },
    { currency: "USD", opening: "200", openingDate: "2025-01-01" },
    { currency: "GBP", opening: "1000", openingDate: "2025-01-01" },
  ]);
  for (const date of ["2025-02-10", "2025-03-10", "2025-04-10", "2025-05-10"]) {
    await ws.transaction({ accountId: eur!, date, amount: "500", type: "transfer" });
  }
  await ws.transaction({ accountId: eur!, date: "2025-06-05", amount: "300", type: "transfer" });
  await ws.transaction({ accountId: gbp!, date: "2025-03-05", amount: "100", type: "transfer" });
  await addRate(db, "USD", "EUR", "2025-06-13", "0.5");
  const savings = (
    await db.prisma.wallet.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, name: "Savings" } })
  ).id;

  const goal = (data: Partial<Prisma.GoalUncheckedCreateInput> & { name: string; targetAmount: string }, owner = ws) =>
    db.prisma.goal.create({
      data: {
        workspaceId: owner.workspace.id,
        createdByUserId: owner.userId,
        rawName: data.name,
        currencyId: db.currencies.get("EUR")!,
        ...data,
      },
    });
  await goal({
    name: "Emergency fund",
    targetAmount: "10000",
    targetDate: dayToDate("2025-12-31"),
    linkedWalletId: savings,
    order: 0,
    autoContribution: { enabled: true, day_of_month: 2 },
  });
  await goal({
    name: "New bike",
    targetAmount: "1000",
    savedAmount: "500",
    monthlyContribution: "170",
    targetDate: dayToDate("2025-09-30"),
    order: 1,
  });
  await goal({
    name: "Old camera",
    targetAmount: "400",
    savedAmount: "100",
    targetDate: dayToDate("2025-05-01"),
    order: 2,
  });
  await goal({
    name: "Desk",
    targetAmount: "1000",
    savedAmount: "500",
    monthlyContribution: "190",
    targetDate: dayToDate("2025-09-30"),
    order: 3,
  });
  await goal({
    name: "Lisbon trip",
    status: "achieved",
    targetAmount: "1200",
    savedAmount: "1200",
    targetDate: dayToDate("2025-03-01"),
    order: 4,
  });
  await goal({ name: "Motorbike", status: "abandoned", targetAmount: "6000", savedAmount: "800", order: 5 });
  await goal({ name: "Not yours", targetAmount: "1" }, other);

  const page = await listGoals(
    { db, workspace: ws.workspace, now: NOW },
    { mode: "page", page: 1, limit: 50 },
    { status: "all" },
  );
  goals = new Map(page.items.map((item) => [item.attributes.name, item.attributes]));
});

describe("listGoals", () => {
  it("values a linked wallet at today's rates and paces it by its last three full months", () => {
    // EUR 3,300 + 200 USD * 0.5; GBP has no rate. Pace: (3,000 at May 31 - 1,500 at Feb 28) / 3 = 500.
    // 6,600 to go over Jun..Dec (6 months) needs 1,100 a month; at 500, ceil(13.2) = 14 months.
    expect(goals.get("Emergency fund")).toMatchObject({
      current_saved: "3400.00",
      monthly_contribution: null,
      monthly_pace: "500.00",
      pace: "behind",
      on_track: false,
      overdue: false,
      expected_completion_date: "2026-08-15",
      eta_month: "2026-08",
      pace_detail: {
        remaining_amount: "6600.00",
        required_monthly: "1100.00",
        months_remaining: 6,
        progress_percentage: "34.00",
      },
      auto_contribution: { enabled: true, day_of_month: 2 },
      cover_image: null,
    });
    expect(goals.get("Emergency fund")!.created_by).toMatchObject({ id: ws.userId, name: "Saver" });
  });

  it("is on track at or above the required amount and ahead at 10% more", () => {
    // 500 to go over Jun..Sep (3 months): 166.67 a month; 170 < 183.34 <= 190.
    expect(goals.get("New bike")).toMatchObject({
      current_saved: "500.00",
      monthly_pace: "170.00",
      pace: "on_track",
      on_track: true,
      expected_completion_date: "2025-09-15",
      eta_month: "2025-09",
      pace_detail: {
        remaining_amount: "500.00",
        required_monthly: "166.67",
        months_remaining: 3,
        progress_percentage: "50.00",
      },
    });
    expect(goals.get("Desk")).toMatchObject({ pace: "ahead", on_track: true });
  });

  it("marks an active goal past its target date as overdue and behind, without an ETA at zero pace", () => {
    expect(goals.get("Old camera")).toMatchObject({
      monthly_pace: "0.00",
      pace: "behind",
      on_track: false,
      overdue: true,
      expected_completion_date: null,
      eta_month: null,
      pace_detail: {
        remaining_amount: "300.00",
        required_monthly: "300.00",
        months_remaining: 1,
        progress_percentage: "25.00",
      },
    });
  });

  it("shows an achieved goal as achieved and never overdue", () => {
    expect(goals.get("Lisbon trip")).toMatchObject({
      status: "achieved",
      pace: "achieved",
      on_track: true,
      overdue: false,
      expected_completion_date: "2025-06-15",
      eta_month: "2025-06",
    });
  });

  it("lists active goals by default, every goal with all, and never another workspace's", async () => {
    expect([...goals.keys()]).toEqual(["Emergency fund", "New bike", "Old camera", "Desk", "Lisbon trip", "Motorbike"]);
    const active = await listGoals({ db, workspace: ws.workspace, now: NOW }, { mode: "page", page: 1, limit: 50 });
    expect(active.items.map((item) => item.attributes.name)).toEqual([
      "Emergency fund",
      "New bike",
      "Old camera",
      "Desk",
    ]);
    expect(active.total).toBe(4);
    const abandoned = await listGoals(
      { db, workspace: ws.workspace, now: NOW },
      { mode: "page", page: 1, limit: 50 },
      { status: "abandoned" },
    );
    expect(abandoned.items.map((item) => item.attributes.name)).toEqual(["Motorbike"]);
  });

  it("pages by cursor in (order, name, id) order", async () => {
    const context = { db, workspace: ws.workspace, now: NOW };
    const first = await listGoals(context, { mode: "cursor", after: null, limit: 3 }, { status: "all" });
    expect(first.items.map((item) => item.attributes.name)).toEqual(["Emergency fund", "New bike", "Old camera"]);
    const after = JSON.parse(Buffer.from(first.nextCursor!, "base64url").toString("utf8")) as [number, string, string];
    const second = await listGoals(
      context,
      { mode: "cursor", after: { order: after[0], name: after[1], id: after[2] }, limit: 3 },
      { status: "all" },
    );
    expect(second.items.map((item) => item.attributes.name)).toEqual(["Desk", "Lisbon trip", "Motorbike"]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("goalProgress edge cases", () => {
  const base = { status: "active" as const, target: "1000", currentSaved: "0", today: "2025-06-15", places: 2 };

  it("is ahead without a target date, with no required amount", () => {
    expect(goalProgress({ ...base, targetDate: null, monthlyPace: "0" })).toMatchObject({
      pace: "ahead",
      requiredMonthly: null,
      monthsRemaining: null,
      expectedCompletionDate: null,
      overdue: false,
    });
  });

  it("is achieved once nothing remains, even while still active, with completion today", () => {
    expect(goalProgress({ ...base, currentSaved: "1200", targetDate: "2025-01-01", monthlyPace: "0" })).toMatchObject({
      pace: "achieved",
      remaining: "0.00",
      expectedCompletionDate: "2025-06-15",
      overdue: false,
      progressPercentage: "120.00",
    });
  });

  it("has no completion date when the pace would finish after 2199 (a year past 9999 crashed the list)", () => {
    // 10,000 at 0.01 a month: a million months.
    expect(goalProgress({ ...base, target: "10000", targetDate: null, monthlyPace: "0.01" })).toMatchObject({
      expectedCompletionDate: null,
      etaMonth: null,
      pace: "ahead",
    });
    // 990 at 5.50 a month: 180 months, 2040-06-15.
    expect(goalProgress({ ...base, target: "990", targetDate: null, monthlyPace: "5.50" }).expectedCompletionDate).toBe(
      "2040-06-15",
    );
    // The last month the API names still has its date.
    expect(goalProgress({ ...base, target: "2094", targetDate: null, monthlyPace: "1" }).expectedCompletionDate).toBe(
      "2199-12-15",
    );
    expect(
      goalProgress({ ...base, target: "2095", targetDate: null, monthlyPace: "1" }).expectedCompletionDate,
    ).toBeNull();
  });

  it("counts at least one month to a target in the current month", () => {
    expect(goalProgress({ ...base, targetDate: "2025-06-30", monthlyPace: "1000" })).toMatchObject({
      monthsRemaining: 1,
      requiredMonthly: "1000.00",
      pace: "on_track",
    });
  });
});
