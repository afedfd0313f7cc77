import { beforeAll, describe, expect, it } from "vitest";
import { createGoalInput, type CreateGoalInput } from "../../routers/goals/schemas";
import { useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { dateToDay } from "../time/calendar";
import { listGoals } from "./list-goals";
import { abandonGoal, achieveGoal, createGoal, reactivateGoal, updateGoal } from "./manage-goals";
import type { WorkspaceContext } from "../workspace-context";

// 2025-06-14 12:00 UTC is 2025-06-15 00:00 in Auckland.
const NOW = new Date("2025-06-14T12:00:00Z");

const db = useTestDatabase();
let ws: PlanningWorkspace;
let context: WorkspaceContext & { userId: string };
const ids = { savings: "", archived: "", foreignWallet: "" };

const goal = (overrides: Partial<Record<keyof CreateGoalInput, unknown>> = {}): CreateGoalInput =>
  createGoalInput.parse({ name: "New bike", target_amount: "1000", ...overrides });
const row = (id: string) => db.prisma.goal.findUniqueOrThrow({ where: { id } });
const view = async (id: string) =>
  (
    await listGoals({ db, workspace: ws.workspace, now: NOW }, { mode: "page", page: 1, limit: 200 }, { status: "all" })
  ).items.find((item) => item.id === id)!.attributes;
const refused = (code: string, message: string) =>
  expect.objectContaining({ code, message: expect.stringContaining(message) });

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "Pacific/Auckland" });
  context = { db, workspace: ws.workspace, userId: ws.userId, now: NOW };
  const [eur] = await ws.wallet("Savings", [{ currency: "EUR", opening: "1500", openingDate: "2025-01-01" }]);
  await ws.transaction({ accountId: eur!, date: "2025-06-01", amount: "500", type: "transfer" });
  ids.savings = (
    await db.prisma.wallet.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, name: "Savings" } })
  ).id;
  await ws.wallet("Old savings", [{ currency: "EUR" }]);
  ids.archived = (
    await db.prisma.wallet.update({
      where: { id: (await db.prisma.wallet.findFirstOrThrow({ where: { name: "Old savings" } })).id },
      data: { archivedAt: NOW },
    })
  ).id;
  const other = await createPlanningWorkspace(db, { timezone: "UTC" });
  await other.wallet("Theirs", [{ currency: "EUR" }]);
  ids.foreignWallet = (await db.prisma.wallet.findFirstOrThrow({ where: { workspaceId: other.workspace.id } })).id;
});

describe("createGoal", () => {
  it("creates an active goal in the home currency with the progress figures of the API", async () => {
    const created = await createGoal(
      context,
      goal({ saved_amount: "250", monthly_contribution: "100", target_date: "2025-12-31" }),
    );
    expect(created).toMatchObject({ status: "active", version: 1 });
    // 750 to go over Jun..Dec (6 months) needs 125 a month; at 100 it takes ceil(7.5) = 8 months.
    expect(await view(created.id)).toMatchObject({
      name: "New bike",
      raw_name: "New bike",
      name_customized: false,
      currency_id: db.currencies.get("EUR"),
      target_amount: "1000.00",
      saved_amount: "250.00",
      current_saved: "250.00",
      monthly_contribution: "100.00",
      pace: "behind",
      eta_month: "2026-02",
      pace_detail: {
        remaining_amount: "750.00",
        required_monthly: "125.00",
        months_remaining: 6,
        progress_percentage: "25.00",
      },
      created_by_user_id: ws.userId,
      version: 1,
    });
  });

  it("counts a linked wallet's balance as saved", async () => {
    const { id } = await createGoal(
      context,
      goal({ name: "Emergency fund", target_amount: "4000", linked_wallet_id: ids.savings, saved_amount: "5" }),
    );
    expect(await view(id)).toMatchObject({
      linked_wallet_id: ids.savings,
      current_saved: "2000.00",
      saved_amount: "5.00",
    });
    expect((await view(id)).pace_detail.progress_percentage).toBe("50.00");
  });

  it("refuses a target that is not above zero and amounts with more places than the currency", async () => {
    expect(createGoalInput.safeParse({ name: "x", target_amount: "0" }).error?.issues[0]).toMatchObject({
      path: ["target_amount"],
      message: "must be more than 0",
    });
    expect(createGoalInput.safeParse({ name: "x", target_amount: "1e3" }).success).toBe(false);
    expect(createGoalInput.safeParse({ name: " ", target_amount: "10" }).error?.issues[0]?.path).toEqual(["name"]);
    await expect(
      createGoal(context, goal({ currency_id: db.currencies.get("JPY"), target_amount: "1000.5" })),
    ).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "target_amount: JPY amounts have at most 0 decimal places"),
    );
  });

  it("answers 404 for another workspace's wallet or an unknown currency, and 422 for an archived wallet", async () => {
    await expect(createGoal(context, goal({ linked_wallet_id: ids.foreignWallet }))).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "linked_wallet_id"),
    );
    await expect(createGoal(context, goal({ currency_id: ids.foreignWallet }))).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "currency_id"),
    );
    await expect(createGoal(context, goal({ linked_wallet_id: ids.archived }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "the wallet is archived"),
    );
  });
});

describe("updateGoal", () => {
  it("bumps the version, marks a rename as customised and changes only what is sent", async () => {
    const { id } = await createGoal(context, goal({ name: "Laptop", saved_amount: "100", target_date: "2025-09-30" }));
    expect(
      await updateGoal(context, { id, name: "New laptop", target_amount: "1500", linked_wallet_id: ids.savings }),
    ).toMatchObject({ version: 2 });
    expect(await view(id)).toMatchObject({
      name: "New laptop",
      raw_name: "Laptop",
      name_customized: true,
      target_amount: "1500.00",
      current_saved: "2000.00",
      saved_amount: "100.00",
      target_date: "2025-09-30",
      pace: "achieved",
      version: 2,
    });
    await updateGoal(context, {
      id,
      linked_wallet_id: null,
      saved_amount: "300",
      monthly_contribution: "50",
      target_date: null,
    });
    expect(await view(id)).toMatchObject({
      linked_wallet_id: null,
      current_saved: "300.00",
      monthly_contribution: "50.00",
      target_date: null,
      version: 3,
    });
  });

  it("refuses a currency the kept amounts do not fit, and another workspace's goal or wallet", async () => {
    const { id } = await createGoal(context, goal({ name: "Camera", target_amount: "400.50" }));
    await expect(updateGoal(context, { id, currency_id: db.currencies.get("JPY") })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "target_amount"),
    );
    await expect(updateGoal(context, { id, linked_wallet_id: ids.foreignWallet })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "linked_wallet_id"),
    );
    const other = await createPlanningWorkspace(db, { timezone: "UTC" });
    const foreign = await createGoal({ db, workspace: other.workspace, userId: other.userId }, goal());
    await expect(updateGoal(context, { id: foreign.id, name: "Mine" })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "goal"),
    );
    await expect(achieveGoal(context, { id: foreign.id })).rejects.toEqual(refused("RESOURCE_NOT_FOUND", "goal"));
    expect(await row(id)).toMatchObject({ version: 1, currencyId: db.currencies.get("EUR") });
  });
});

describe("status moves", () => {
  it("marks an active goal achieved (recording when) and reactivates it", async () => {
    const { id } = await createGoal(context, goal({ name: "Sofa" }));
    expect(await achieveGoal(context, { id })).toEqual({ id, status: "achieved", version: 2 });
    expect(await row(id)).toMatchObject({ status: "achieved", achievedAt: NOW });
    expect((await view(id)).pace).toBe("achieved");
    await expect(achieveGoal(context, { id })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "Only an active goal can be marked achieved; this one is achieved."),
    );
    await expect(abandonGoal(context, { id })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "Only an active goal can be abandoned"),
    );
    expect(await reactivateGoal(context, { id })).toEqual({ id, status: "active", version: 3 });
    expect(await row(id)).toMatchObject({ status: "active", achievedAt: null });
  });

  it("abandons an active goal and refuses to reactivate an active one", async () => {
    const { id } = await createGoal(context, goal({ name: "Boat", target_date: "2025-01-01" }));
    await expect(reactivateGoal(context, { id })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "this one is active"),
    );
    expect(await abandonGoal(context, { id })).toMatchObject({ status: "abandoned", version: 2 });
    expect(await view(id)).toMatchObject({ status: "abandoned", overdue: true });
    await expect(achieveGoal(context, { id })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "this one is abandoned"),
    );
    expect(await reactivateGoal(context, { id })).toMatchObject({ status: "active", version: 3 });
    expect(dateToDay((await row(id)).targetDate!)).toBe("2025-01-01");
  });
});
