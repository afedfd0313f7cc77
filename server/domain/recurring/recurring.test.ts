import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../../db/generated/prisma/client";
import { useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { dayToDate } from "../time/calendar";
import { listRecurringRules, type RecurringRuleQuery } from "./list-recurring-rules";

// 2025-01-31 11:30 UTC is 2025-02-01 00:30 in Auckland (UTC+13).
const NOW = new Date("2025-01-31T11:30:00Z");

const db = useTestDatabase();
let ws: PlanningWorkspace;
const accounts = { checking: "", travelUsd: "", travelEur: "" };

const list = (query: Partial<RecurringRuleQuery> = {}) =>
  listRecurringRules({ db, workspace: ws.workspace, now: NOW }, { page: 1, limit: 50, ...query });
const names = async (query: Partial<RecurringRuleQuery> = {}) => (await list(query)).items.map((rule) => rule.name);

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "Pacific/Auckland", userName: "Planner" });
  const other = await createPlanningWorkspace(db, { timezone: "UTC" });
  [accounts.checking] = (await ws.wallet("Checking", [{ currency: "EUR" }])) as [string];
  [accounts.travelUsd, accounts.travelEur] = (await ws.wallet("Travel", [
    { currency: "USD" },
    { currency: "EUR" },
  ])) as [string, string];
  const rent = await ws.category("Rent");
  const [foreignAccount] = await other.wallet("Elsewhere", [{ currency: "EUR" }]);

  const rule = (
    data: Partial<Prisma.RecurringRuleUncheckedCreateInput> & { name: string },
    owner = ws,
    accountId = accounts.checking,
  ) =>
    db.prisma.recurringRule.create({
      data: {
        workspaceId: owner.workspace.id,
        createdByUserId: owner.userId,
        rawName: data.name.toUpperCase(),
        type: "expense",
        amount: "10",
        currencyId: db.currencies.get("EUR")!,
        accountId,
        frequency: "monthly",
        startDate: dayToDate("2024-01-31"),
        ...data,
      },
    });
  await rule({ name: "Rent", amount: "1150", categoryId: rent, autoCreate: true });
  await rule({
    name: "Streamflix",
    kind: "subscription",
    amount: "13.99",
    frequency: "monthly",
    startDate: dayToDate("2024-03-11"),
  });
  await rule({ name: "Gym", kind: "subscription", status: "paused", pausedAt: new Date("2024-12-01T09:00:00Z") });
  await rule({
    name: "Water",
    frequency: "custom",
    customIntervalDays: 45,
    status: "ended",
    endDate: dayToDate("2024-10-01"),
  });
  await rule({
    name: "Salary",
    type: "income",
    amount: "3850",
    frequency: "monthly",
    startDate: dayToDate("2024-01-27"),
  });
  await rule({
    name: "Savings",
    type: "transfer",
    amount: "400",
    destinationAccountId: accounts.travelEur,
    frequency: "biweekly",
    startDate: dayToDate("2025-01-02"),
  });
  await rule(
    {
      name: "Card fee",
      amount: "5",
      currencyId: db.currencies.get("USD")!,
      frequency: "yearly",
      startDate: dayToDate("2024-02-29"),
    },
    ws,
    accounts.travelUsd,
  );
  await rule({ name: "Not yours" }, other, foreignAccount!);
});

describe("listRecurringRules", () => {
  it("lists the workspace's rules by name, and no other workspace's", async () => {
    const result = await list();
    expect(result.items.map((rule) => rule.name)).toEqual([
      "Card fee",
      "Gym",
      "Rent",
      "Salary",
      "Savings",
      "Streamflix",
      "Water",
    ]);
    expect(result.total).toBe(7);
  });

  it("pages with page and limit, keeping the total", async () => {
    const second = await list({ page: 2, limit: 3 });
    expect(second.items.map((rule) => rule.name)).toEqual(["Salary", "Savings", "Streamflix"]);
    expect(second.total).toBe(7);
  });

  it("filters by status, type, kind and source account", async () => {
    expect(await names({ status: "paused" })).toEqual(["Gym"]);
    expect(await names({ status: "ended" })).toEqual(["Water"]);
    expect(await names({ type: "income" })).toEqual(["Salary"]);
    expect(await names({ type: "transfer" })).toEqual(["Savings"]);
    expect(await names({ kind: "subscription" })).toEqual(["Gym", "Streamflix"]);
    expect(await names({ kind: "rule", status: "active", type: "expense" })).toEqual(["Card fee", "Rent"]);
    expect(await names({ accountId: accounts.travelUsd })).toEqual(["Card fee"]);
    expect(await names({ accountId: accounts.travelEur })).toEqual([]); // the destination is not the source
  });

  it("names accounts after their wallet, with the currency when the wallet holds several", async () => {
    const byName = new Map((await list()).items.map((rule) => [rule.name, rule]));
    expect(byName.get("Savings")).toMatchObject({
      account_name: "Checking",
      destination_account_name: "Travel (EUR)",
      category_name: null,
    });
    expect(byName.get("Card fee")).toMatchObject({
      account_name: "Travel (USD)",
      currency_code: "USD",
      currency_symbol: "$",
      amount: "5.00",
    });
    expect(byName.get("Rent")).toMatchObject({
      amount: "1150.00",
      category_name: "Rent",
      raw_name: "RENT",
      auto_create: true,
      destination_account_name: null,
    });
    expect(byName.get("Rent")!.created_by).toMatchObject({ id: ws.userId, name: "Planner" });
    expect(byName.get("Gym")!.paused_at).toBe("2024-12-01T09:00:00.000Z");
  });

  it("gives the next occurrence from today in the workspace timezone (already 1 February in Auckland)", async () => {
    const next = new Map((await list()).items.map((rule) => [rule.name, rule.next_occurrence_date]));
    expect(next.get("Rent")).toBe("2025-02-28"); // from 2024-01-31, clamped
    expect(next.get("Streamflix")).toBe("2025-02-11");
    expect(next.get("Salary")).toBe("2025-02-27");
    expect(next.get("Savings")).toBe("2025-02-13"); // 2025-01-02 + 14 * 3
    expect(next.get("Card fee")).toBe("2025-02-28"); // yearly from 2024-02-29
    expect(next.get("Gym")).toBeNull(); // paused
    expect(next.get("Water")).toBeNull(); // ended
  });
});

describe("the recurring rules by cursor", () => {
  it("walks the list in page mode's order, two at a time, and refuses a cursor of other filters", async () => {
    const whole = await names();
    const walked: string[] = [];
    let page = await list({ limit: 2 });
    expect(page.nextCursor).toEqual(expect.any(String));
    for (;;) {
      walked.push(...page.items.map((rule) => rule.name));
      if (!page.nextCursor) break;
      page = await list({ limit: 2, cursor: page.nextCursor });
      expect(page.total).toBeNull();
    }
    expect(walked).toEqual(whole);
    const cursor = (await list({ limit: 1 })).nextCursor!;
    await expect(list({ limit: 1, cursor, status: "paused" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [expect.objectContaining({ path: ["cursor"] })],
    });
    await expect(list({ cursor: "bm9wZQ" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
