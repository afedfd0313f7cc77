import { beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "../../jobs/maintenance";
import { useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { DATA_CHANGE_RETENTION_MS, workspaceDataVersion } from "./data-version";

const db = useTestDatabase();
let ws: PlanningWorkspace;
let other: PlanningWorkspace;
let checking: string;

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "UTC" });
  other = await createPlanningWorkspace(db, { timezone: "UTC" });
  [checking] = (await ws.wallet("Checking", [{ currency: "EUR" }])) as [string];
});

const version = (workspace: PlanningWorkspace = ws) => workspaceDataVersion(workspace);
const changeRows = async (workspace: PlanningWorkspace = ws) =>
  (
    await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM workspace_data_changes WHERE workspace_id = $1`, [
      workspace.workspace.id,
    ])
  )[0]!.n;

describe("workspaceDataVersion", () => {
  it("changes with every insert, update and delete of a transaction, and only for its workspace", async () => {
    const otherBefore = await version(other);
    const v0 = await version();
    const id = await ws.transaction({ accountId: checking, date: "2025-05-01", amount: "-10.00" });
    const v1 = await version();
    await db.prisma.transaction.update({ where: { id }, data: { amount: "-11.00" } });
    const v2 = await version();
    await db.prisma.transaction.delete({ where: { id } });
    const v3 = await version();
    expect(new Set([v0, v1, v2, v3]).size).toBe(4);
    expect(await version(other)).toBe(otherBefore);
  });

  it("changes when categories, recurring rules, wallets, accounts, budgets, budget categories and goals change", async () => {
    const seen = new Set([await version()]);
    const step = async (write: () => Promise<unknown>) => {
      await write();
      const now = await version();
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    };
    const workspaceId = ws.workspace.id;
    const categoryId = await ws.category("Food");
    seen.add(await version());
    await step(() => db.prisma.category.update({ where: { id: categoryId }, data: { name: "Groceries" } }));
    await step(() => ws.wallet("Savings", [{ currency: "EUR" }]));
    await step(() => db.prisma.account.updateMany({ where: { workspaceId }, data: { order: 1 } }));
    await step(() => db.prisma.wallet.updateMany({ where: { workspaceId }, data: { name: "Renamed" } }));
    const currencyId = (await db.prisma.account.findUniqueOrThrow({ where: { id: checking } })).currencyId;
    const day = new Date("2025-05-01T00:00:00Z");
    const rule = await db.prisma.recurringRule.create({
      data: {
        workspaceId,
        name: "Rent",
        rawName: "Rent",
        type: "expense",
        amount: "-900",
        currencyId,
        accountId: checking,
        frequency: "monthly",
        startDate: day,
      },
    });
    seen.add(await version());
    await step(() => db.prisma.recurringRule.update({ where: { id: rule.id }, data: { name: "Flat rent" } }));
    await step(() =>
      db.prisma.goal.create({ data: { workspaceId, name: "Bike", rawName: "Bike", currencyId, targetAmount: "1200" } }),
    );
    const budget = await db.prisma.budget.create({
      data: { workspaceId, name: "Food", currencyId, amount: "300", baseAmount: "300", startDate: day },
    });
    seen.add(await version());
    await step(() => db.prisma.budgetCategory.create({ data: { budgetId: budget.id, categoryId } }));
    await step(() => db.prisma.budgetCategory.deleteMany({ where: { budgetId: budget.id } }));
    await step(() => db.prisma.budget.delete({ where: { id: budget.id } }));
    await step(() => db.prisma.category.delete({ where: { id: categoryId } }));
  });

  it("changes for every workspace when an FX rate arrives, and for a member's workspaces when the member is renamed", async () => {
    const before = [await version(), await version(other)];
    await db.sql.query(
      `INSERT INTO fx_rates (id, from_currency_id, to_currency_id, rate_date, rate)
       SELECT gen_random_uuid(), f.id, t.id, DATE '2025-05-01', 0.9 FROM currencies f, currencies t WHERE f.code = 'USD' AND t.code = 'EUR'`,
    );
    const afterRate = [await version(), await version(other)];
    expect(afterRate[0]).not.toBe(before[0]);
    expect(afterRate[1]).not.toBe(before[1]);
    await db.prisma.user.update({ where: { id: ws.userId }, data: { name: "Renamed User" } });
    expect(await version()).not.toBe(afterRate[0]);
    expect(await version(other)).toBe(afterRate[1]);
  });

  it("adds one change row for a statement that writes many transactions", async () => {
    const before = await changeRows();
    await db.sql.query(
      `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, updated_at)
       SELECT gen_random_uuid(), a.workspace_id, a.id, a.currency_id, 'expense', DATE '2025-06-01' + i, -1, 'bulk', now()
         FROM accounts a, generate_series(1, 500) i WHERE a.id = $1`,
      [checking],
    );
    expect(await changeRows()).toBe(before + 1);
  });
});

describe("runMaintenance", () => {
  it("keeps the last hour's change rows and the newest older one of each workspace, without changing the version", async () => {
    const rows = await changeRows();
    expect(rows).toBeGreaterThan(3);
    // Everything so far is two hours old; one more change is recent.
    await db.sql.query(
      `UPDATE workspace_data_changes SET changed_at = now() - interval '2 hours' WHERE workspace_id = $1`,
      [ws.workspace.id],
    );
    await ws.transaction({ accountId: checking, date: "2025-05-02", amount: "-3.00" });
    const before = await version();
    const oldest = (
      await db.sql.query<{ id: string }>(
        `SELECT min(id)::text AS id FROM workspace_data_changes WHERE workspace_id = $1`,
        [ws.workspace.id],
      )
    )[0]!.id;

    const { dataChanges } = await runMaintenance(db, new Date());
    expect(dataChanges).toBe(rows - 1);
    expect(await changeRows()).toBe(2);
    expect(await version()).toBe(before);
    expect(await version(other)).not.toBe("0:0");

    // A transaction numbered before the pruned rows that commits only now (its row appears late,
    // with an id below the max) still changes the version.
    await db.sql.query(`INSERT INTO workspace_data_changes (id, workspace_id) VALUES ($1, $2)`, [
      oldest,
      ws.workspace.id,
    ]);
    const late = await version();
    expect(late).not.toBe(before);

    // Within the hour nothing more goes, and a later write still changes the version.
    expect((await runMaintenance(db, new Date())).dataChanges).toBe(0);
    expect(await version()).toBe(late);
    await ws.transaction({ accountId: checking, date: "2025-05-03", amount: "-4.00" });
    expect(await version()).not.toBe(late);
    expect(DATA_CHANGE_RETENTION_MS).toBe(60 * 60 * 1000);
  });

  it("deletes the change rows of a deleted workspace after the hour", async () => {
    const doomed = await createPlanningWorkspace(db, { timezone: "UTC" });
    await doomed.wallet("Cash", [{ currency: "EUR" }]);
    await db.prisma.workspace.delete({ where: { id: doomed.workspace.id } });
    expect(await changeRows(doomed)).toBeGreaterThan(0);
    await db.sql.query(
      `UPDATE workspace_data_changes SET changed_at = now() - interval '2 hours' WHERE workspace_id = $1`,
      [doomed.workspace.id],
    );
    await runMaintenance(db, new Date());
    expect(await changeRows(doomed)).toBe(0);
  });

  it("deletes insight lists not refreshed for a day and keeps the others", async () => {
    const stored = (nextRefreshAt: Date, period: string) =>
      db.prisma.insightCache.create({
        data: {
          workspaceId: ws.workspace.id,
          period,
          accountsKey: "all",
          insights: {},
          generatedAt: nextRefreshAt,
          nextRefreshAt,
        },
      });
    await stored(new Date(Date.now() - 25 * 60 * 60 * 1000), "2025-01");
    await stored(new Date(Date.now() - 60 * 60 * 1000), "2025-02");
    const { insightCaches } = await runMaintenance(db, new Date());
    expect(insightCaches).toBe(1);
    const left = await db.prisma.insightCache.findMany({ where: { workspaceId: ws.workspace.id } });
    expect(left.map((row) => row.period)).toEqual(["2025-02"]);
  });
});
