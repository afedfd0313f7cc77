import { beforeAll, describe, expect, it } from "vitest";
import { createBudgetInput, type CreateBudgetInput } from "../../routers/budgets/schemas";
import { useTestDatabase } from "../../testing/fixtures";
import { dateToDay } from "../time/calendar";
import { createBudget, setBudgetActive, updateBudget } from "./manage-budgets";
import { getBudget, listBudgets } from "./read-budgets";
import { createPlanningWorkspace, type PlanningWorkspace } from "./testing";
import type { WorkspaceContext } from "../workspace-context";

// 2025-03-31 23:30 UTC is already 2025-04-01 in Berlin (UTC+2).
const NOW = new Date("2025-03-31T23:30:00Z");

const db = useTestDatabase();
let ws: PlanningWorkspace;
let context: WorkspaceContext & { userId: string };
const ids = { groceries: "", restaurants: "", coffee: "", archived: "", foreign: "" };

const budget = (overrides: Partial<Record<keyof CreateBudgetInput, unknown>> = {}): CreateBudgetInput =>
  createBudgetInput.parse({
    name: "Food",
    amount: "300",
    category_ids: [ids.groceries, ids.restaurants],
    ...overrides,
  });
const categoriesOf = async (budgetId: string) =>
  (await db.prisma.budgetCategory.findMany({ where: { budgetId } })).map((link) => link.categoryId).sort();
const read = (id: string) => getBudget({ db, workspace: ws.workspace, now: NOW }, id);
const refused = (code: string, message: string) =>
  expect.objectContaining({ code, message: expect.stringContaining(message) });

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "Europe/Berlin" });
  context = { db, workspace: ws.workspace, userId: ws.userId, now: NOW };
  ids.groceries = await ws.category("Groceries");
  ids.restaurants = await ws.category("Restaurants");
  ids.coffee = await ws.category("Coffee");
  ids.archived = await ws.category("Old hobby");
  await db.prisma.category.update({ where: { id: ids.archived }, data: { archivedAt: NOW } });
  const [checking] = await ws.wallet("Checking", [{ currency: "EUR" }]);
  await ws.transaction({ accountId: checking!, date: "2025-04-01", amount: "-42.50", categoryId: ids.groceries });
  await ws.transaction({ accountId: checking!, date: "2025-03-31", amount: "-10", categoryId: ids.groceries });
  const other = await createPlanningWorkspace(db, { timezone: "UTC" });
  ids.foreign = await other.category("Theirs");
});

describe("createBudget", () => {
  it("creates an active budget from this month's 1st (workspace timezone), with base_amount = amount", async () => {
    const created = await createBudget(context, budget());
    expect(created).toMatchObject({ active: true, version: 1 });
    const { attributes } = await read(created.id);
    expect(attributes).toMatchObject({
      name: "Food",
      active: true,
      amount: "300.00",
      base_amount: "300.00",
      period: "monthly",
      rollover_strategy: "none",
      pacing_strategy: "linear",
      include_recurring_transactions: true,
      currency: { code: "EUR" },
      version: 1,
    });
    expect([...attributes.category_ids].sort()).toEqual([ids.groceries, ids.restaurants].sort());
    expect(attributes.current_period).toMatchObject({
      period_start: "2025-04-01",
      period_end: "2025-04-30",
      spent: "42.50",
      available: "300.00",
    });
  });

  it("lists budgets with the start date the edit form needs, as the one-budget read gives them", async () => {
    const { id } = await createBudget(
      context,
      budget({ name: "Weekly food", period: "weekly", start_date: "2025-03-28", rollover_strategy: "carry" }),
    );
    const listed = (
      await listBudgets({ db, workspace: ws.workspace, now: NOW }, { mode: "page", page: 1, limit: 50 }, {})
    ).items.find((item) => item.id === id)!;
    expect(listed.attributes.start_date).toBe("2025-03-28");
    expect(listed.attributes).toEqual((await read(id)).attributes);
    expect(listed.attributes.current_period).toMatchObject({ period_start: "2025-03-28", spent: "52.50" });
  });

  it("needs at least one category of the workspace that is not archived", async () => {
    expect(createBudgetInput.safeParse({ name: "x", amount: "10", category_ids: [] }).error?.issues[0]).toMatchObject({
      path: ["category_ids"],
      message: "choose at least one category",
    });
    expect(
      createBudgetInput.safeParse({ name: "x", amount: "0", category_ids: [ids.coffee] }).error?.issues[0]?.path,
    ).toEqual(["amount"]);
    const before = await db.prisma.budget.count();
    await expect(createBudget(context, budget({ category_ids: [ids.coffee, ids.foreign] }))).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", ids.foreign),
    );
    await expect(createBudget(context, budget({ category_ids: [ids.archived] }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "Old hobby"),
    );
    await expect(createBudget(context, budget({ amount: "10.001" }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "amount"),
    );
    expect(await db.prisma.budget.count()).toBe(before);
  });
});

describe("updateBudget", () => {
  it("replaces the categories, moves base_amount with amount and bumps the version", async () => {
    const { id } = await createBudget(context, budget({ name: "Eating" }));
    expect(
      await updateBudget(context, {
        id,
        category_ids: [ids.coffee],
        amount: "80",
        pacing_strategy: "front_loaded",
        start_date: "2025-01-15",
      }),
    ).toMatchObject({ version: 2 });
    expect(await categoriesOf(id)).toEqual([ids.coffee]);
    const { attributes } = await read(id);
    expect(attributes).toMatchObject({
      amount: "80.00",
      base_amount: "80.00",
      pacing_strategy: "front_loaded",
      version: 2,
      category_ids: [ids.coffee],
    });
    expect(attributes.current_period).toMatchObject({ period_start: "2025-03-15", period_end: "2025-04-14" });
    await updateBudget(context, { id, name: "Coffee" });
    expect(await categoriesOf(id)).toEqual([ids.coffee]);
    expect((await read(id)).attributes).toMatchObject({ name: "Coffee", version: 3 });
  });

  it("keeps a category archived after it was chosen, but refuses to add one; a refused edit changes nothing", async () => {
    const { id } = await createBudget(context, budget({ name: "Hobby", category_ids: [ids.coffee] }));
    await db.prisma.budgetCategory.create({ data: { budgetId: id, categoryId: ids.archived } });
    await updateBudget(context, { id, category_ids: [ids.archived, ids.groceries] });
    expect(await categoriesOf(id)).toEqual([ids.archived, ids.groceries].sort());
    await expect(
      updateBudget(context, { id, category_ids: [ids.restaurants, ids.foreign], amount: "1" }),
    ).rejects.toEqual(refused("RESOURCE_NOT_FOUND", "category_ids"));
    expect(await categoriesOf(id)).toEqual([ids.archived, ids.groceries].sort());
    expect((await db.prisma.budget.findUniqueOrThrow({ where: { id } })).version).toBe(2);
  });

  it("answers 404 for another workspace's budget", async () => {
    const other = await createPlanningWorkspace(db, { timezone: "UTC" });
    const category = await other.category("Their food");
    const foreign = await createBudget(
      { db, workspace: other.workspace, userId: other.userId },
      budget({ category_ids: [category] }),
    );
    await expect(updateBudget(context, { id: foreign.id, name: "Mine" })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "budget"),
    );
    await expect(setBudgetActive(context, { id: foreign.id, active: false })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "budget"),
    );
    expect(await db.prisma.budget.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({
      name: "Food",
      active: true,
    });
  });
});

describe("setBudgetActive", () => {
  it("deactivates and activates, bumping the version only on a change", async () => {
    const { id } = await createBudget(context, budget({ name: "Switch" }));
    expect(await setBudgetActive(context, { id, active: false })).toEqual({ id, active: false, version: 2 });
    expect(await setBudgetActive(context, { id, active: false })).toEqual({ id, active: false, version: 2 });
    expect(await setBudgetActive(context, { id, active: true })).toEqual({ id, active: true, version: 3 });
    const row = await db.prisma.budget.findUniqueOrThrow({ where: { id } });
    expect(dateToDay(row.startDate)).toBe("2025-04-01");
  });
});
