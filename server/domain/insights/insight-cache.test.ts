import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { accountsKey } from "./insight-cache";
import { getInsight, listInsights } from "./list-insights";

const T0 = new Date("2025-06-21T02:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const db = useTestDatabase();
let ws: PlanningWorkspace;
let checking: string;

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "UTC" });
  [checking] = (await ws.wallet("Checking", [{ currency: "EUR" }])) as [string];
  // Twelve uncategorised expenses in May: a backlog.
  for (let day = 1; day <= 12; day += 1) {
    await ws.transaction({ accountId: checking, date: `2025-05-${String(day).padStart(2, "0")}`, amount: "-10.00" });
  }
});

const list = (now: Date, accountIds?: string[]) =>
  listInsights({ db, workspace: ws.workspace, now }, { period: "2025-05", accountIds });

describe("insight cache", () => {
  it("serves the stored list for an hour while nothing changes", async () => {
    const first = await list(T0);
    expect(first.generatedAt).toEqual(T0);
    expect(first.nextRefreshAt).toEqual(minutes(60));
    expect(first.insights.map((insight) => insight.id)).toEqual(["uncategorized_backlog:2025-05"]);

    const again = await list(minutes(30));
    expect(again.generatedAt).toEqual(T0);
    expect(again.insights).toEqual(first.insights);
    const rows = await db.prisma.insightCache.findMany({ where: { workspaceId: ws.workspace.id } });
    expect(rows.map((row) => [row.period, row.accountsKey])).toEqual([["2025-05", "all"]]);
  });

  it("computes again after the hour", async () => {
    const later = await list(minutes(61));
    expect(later.generatedAt).toEqual(minutes(61));
    expect(later.nextRefreshAt).toEqual(minutes(121));
  });

  it("computes again at once after a new transaction, with the new facts and the same id", async () => {
    await ws.transaction({ accountId: checking, date: "2025-05-20", amount: "-10.00" });
    const fresh = await list(minutes(62));
    expect(fresh.generatedAt).toEqual(minutes(62));
    expect(fresh.insights).toMatchObject([
      { id: "uncategorized_backlog:2025-05", payload: { count: 13, amount: "130.00" } },
    ]);
  });

  it("computes again after a transaction changes or disappears", async () => {
    const tx = await db.prisma.transaction.findFirstOrThrow({
      where: { workspaceId: ws.workspace.id, date: new Date("2025-05-20T00:00:00Z") },
    });
    await db.prisma.transaction.update({ where: { id: tx.id }, data: { amount: "-20.00" } });
    expect((await list(minutes(63))).insights[0]!.payload).toMatchObject({ count: 13, amount: "140.00" });
    await db.prisma.transaction.delete({ where: { id: tx.id } });
    const after = await list(minutes(64));
    expect(after.generatedAt).toEqual(minutes(64));
    expect(after.insights[0]!.payload).toMatchObject({ count: 12, amount: "120.00" });
  });

  it("keeps one entry per account filter, whatever the order or repetition of the ids", async () => {
    expect(accountsKey([checking, ws.workspace.id])).toBe(
      accountsKey([ws.workspace.id, checking.toUpperCase(), checking]),
    );
    expect(accountsKey(null)).toBe("all");
    const filtered = await list(minutes(65), [checking]);
    expect(filtered.generatedAt).toEqual(minutes(65));
    expect((await list(minutes(66), [checking, checking])).generatedAt).toEqual(minutes(65));
    expect(await db.prisma.insightCache.count({ where: { workspaceId: ws.workspace.id } })).toBe(2);
  });

  it("lets concurrent computations of the same entry both succeed", async () => {
    const results = await Promise.all([list(minutes(200)), list(minutes(200)), list(minutes(200))]);
    expect(results.map((result) => result.insights.length)).toEqual([1, 1, 1]);
    expect(await db.prisma.insightCache.count({ where: { workspaceId: ws.workspace.id } })).toBe(2);
  });

  it("computes again a list stored in an older shape (by the code before a payload changed), not serving it", async () => {
    const stored = await db.prisma.insightCache.findFirstOrThrow({
      where: { workspaceId: ws.workspace.id, period: "2025-05", accountsKey: "all" },
    });
    const current = stored.insights as { data_version: string; items: unknown[] };
    // The version as the code before wrote it: no shape in front; and a list that no longer fits.
    await db.prisma.insightCache.update({
      where: { id: stored.id },
      data: { insights: { data_version: current.data_version.replace(/^\d+\|/, ""), items: [] } },
    });
    const recomputed = await list(minutes(230));
    expect(recomputed.generatedAt).toEqual(minutes(230));
    expect(recomputed.insights.map((insight) => insight.id)).toEqual(["uncategorized_backlog:2025-05"]);
  });
});

describe("getInsight", () => {
  it("finds a listed insight by its id", async () => {
    const insight = await getInsight(
      { db, workspace: ws.workspace, now: minutes(70) },
      "uncategorized_backlog:2025-05",
    );
    expect(insight).toMatchObject({
      type: "uncategorized_backlog",
      priority: "low",
      triggered_at: "2025-05-11T00:00:00.000Z",
    });
  });

  it("answers not found for ids the facts do not give, or that are malformed", async () => {
    for (const id of [
      "uncategorized_backlog:2025-04",
      "anomaly:2025-05:00000000-0000-4000-8000-000000000000",
      "nonsense",
      "anomaly:2025-13",
      "x:2025-05",
    ]) {
      await expect(getInsight({ db, workspace: ws.workspace, now: minutes(70) }, id)).rejects.toSatisfy(
        (error) => error instanceof AppError && error.code === "RESOURCE_NOT_FOUND",
      );
    }
  });

  it("never finds another workspace's insight", async () => {
    const other = await createPlanningWorkspace(db, { timezone: "UTC" });
    await expect(
      getInsight({ db, workspace: other.workspace, now: minutes(70) }, "uncategorized_backlog:2025-05"),
    ).rejects.toThrow(AppError);
  });
});
