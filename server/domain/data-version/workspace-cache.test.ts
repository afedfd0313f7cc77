import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { WORKSPACE_CACHE_TTL_MS, workspaceCached } from "./workspace-cache";

const db = useTestDatabase();
let ws: PlanningWorkspace;
let checking: string;

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "UTC" });
  [checking] = (await ws.wallet("Checking", [{ currency: "EUR" }])) as [string];
});

/** The number of the workspace's transactions, computed afresh on each miss. */
let computations = 0;
const countTransactions = (now?: number) =>
  workspaceCached(
    ws,
    "count",
    async () => {
      computations += 1;
      return db.prisma.transaction.count({ where: { workspaceId: ws.workspace.id } });
    },
    now,
  );

describe("workspaceCached", () => {
  it("computes once while the data is unchanged, and again after a write", async () => {
    expect(await countTransactions()).toBe(0);
    expect(await countTransactions()).toBe(0);
    expect(computations).toBe(1);
    await ws.transaction({ accountId: checking, date: "2025-05-01", amount: "-1.00" });
    expect(await countTransactions()).toBe(1);
    expect(computations).toBe(2);
  });

  it("computes again after the TTL even without a write", async () => {
    await countTransactions();
    const runs = computations;
    await countTransactions(Date.now() + WORKSPACE_CACHE_TTL_MS + 1);
    expect(computations).toBe(runs + 1);
  });

  it("shares one computation between concurrent callers and keeps no failure", async () => {
    await ws.transaction({ accountId: checking, date: "2025-05-02", amount: "-1.00" });
    const runs = computations;
    expect(await Promise.all([countTransactions(), countTransactions(), countTransactions()])).toEqual([2, 2, 2]);
    expect(computations).toBe(runs + 1);

    let attempts = 0;
    const failing = () =>
      workspaceCached(ws, "failing", async () => {
        attempts += 1;
        throw new Error("no");
      });
    await expect(failing()).rejects.toThrow("no");
    await expect(failing()).rejects.toThrow("no");
    expect(attempts).toBe(2);
  });
});
