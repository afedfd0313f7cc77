import { beforeAll, describe, expect, it } from "vitest";
import { createRecurringRuleInput, type CreateRecurringRuleInput } from "../../routers/recurring-rules/schemas";
import { useTestDatabase } from "../../testing/fixtures";
import { createPlanningWorkspace, type PlanningWorkspace } from "../budgets/testing";
import { dateToDay } from "../time/calendar";
import { listRecurringRules } from "./list-recurring-rules";
import {
  createRecurringRule,
  endRecurringRule,
  pauseRecurringRule,
  resumeRecurringRule,
  updateRecurringRule,
} from "./manage-recurring-rules";
import type { WorkspaceContext } from "../workspace-context";

// 2025-01-31 11:30 UTC is already 2025-02-01 in Auckland (UTC+13).
const NOW = new Date("2025-01-31T11:30:00Z");
const TODAY = "2025-02-01";

const db = useTestDatabase();
let ws: PlanningWorkspace;
let context: WorkspaceContext & { userId: string };
const ids = {
  checking: "",
  travelUsd: "",
  travelEur: "",
  archived: "",
  rent: "",
  foreignAccount: "",
  foreignCategory: "",
};

const rule = (overrides: Partial<Record<keyof CreateRecurringRuleInput, unknown>> = {}): CreateRecurringRuleInput =>
  createRecurringRuleInput.parse({
    name: "Rent",
    type: "expense",
    amount: "1150",
    account_id: ids.checking,
    frequency: "monthly",
    start_date: "2024-01-31",
    ...overrides,
  });
const row = (id: string) => db.prisma.recurringRule.findUniqueOrThrow({ where: { id } });
const view = async (id: string) =>
  (await listRecurringRules({ db, workspace: ws.workspace, now: NOW }, { page: 1, limit: 200 })).items.find(
    (item) => item.id === id,
  )!;
const refused = (code: string, message: string) =>
  expect.objectContaining({ code, message: expect.stringContaining(message) });

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "Pacific/Auckland" });
  context = { db, workspace: ws.workspace, userId: ws.userId, now: NOW };
  const other = await createPlanningWorkspace(db, { timezone: "UTC" });
  [ids.checking] = (await ws.wallet("Checking", [{ currency: "EUR" }])) as [string];
  [ids.travelUsd, ids.travelEur] = (await ws.wallet("Travel", [{ currency: "USD" }, { currency: "EUR" }])) as [
    string,
    string,
  ];
  [ids.archived] = (await ws.wallet("Old bank", [{ currency: "EUR" }])) as [string];
  await db.prisma.wallet.updateMany({ where: { name: "Old bank" }, data: { archivedAt: NOW } });
  ids.rent = await ws.category("Rent");
  [ids.foreignAccount] = (await other.wallet("Elsewhere", [{ currency: "EUR" }])) as [string];
  ids.foreignCategory = await other.category("Theirs");
});

describe("createRecurringRule", () => {
  it("creates an active rule in the source account's currency, keeping the first name as raw_name", async () => {
    const created = await createRecurringRule(context, rule({ category_id: ids.rent, auto_create: true }));
    expect(created).toMatchObject({ status: "active", version: 1 });
    expect(await view(created.id)).toMatchObject({
      name: "Rent",
      raw_name: "Rent",
      name_customized: false,
      amount: "1150.00",
      currency_code: "EUR",
      account_name: "Checking",
      category_name: "Rent",
      next_occurrence_date: "2025-02-28",
      status: "active",
      created_by_user_id: ws.userId,
      auto_create: true,
    });
    const usd = await createRecurringRule(
      context,
      rule({ name: "Card fee", amount: "5.5", account_id: ids.travelUsd }),
    );
    expect(await view(usd.id)).toMatchObject({ currency_code: "USD", amount: "5.50", account_name: "Travel (USD)" });
  });

  it("needs a different destination account for a transfer, and none otherwise (422)", async () => {
    await expect(createRecurringRule(context, rule({ type: "transfer" }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "destination_account_id: a transfer needs a destination account"),
    );
    await expect(
      createRecurringRule(context, rule({ type: "transfer", destination_account_id: ids.checking })),
    ).rejects.toEqual(refused("DOMAIN_CONSTRAINT_VIOLATION", "destination_account_id: must be another account"));
    await expect(createRecurringRule(context, rule({ destination_account_id: ids.travelEur }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "only a transfer has a destination account"),
    );
    const transfer = await createRecurringRule(
      context,
      rule({ name: "Savings", type: "transfer", destination_account_id: ids.travelEur }),
    );
    expect(await view(transfer.id)).toMatchObject({ type: "transfer", destination_account_name: "Travel (EUR)" });
  });

  it("needs an interval of at least one day for the custom frequency, and an end date not before the start", async () => {
    await expect(createRecurringRule(context, rule({ frequency: "custom" }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "custom_interval_days: the custom frequency needs an interval"),
    );
    expect(
      createRecurringRuleInput.safeParse({ ...rule(), frequency: "custom", custom_interval_days: 0 }).error?.issues[0],
    ).toMatchObject({
      path: ["custom_interval_days"],
      message: "must be at least 1 day",
    });
    await expect(createRecurringRule(context, rule({ end_date: "2024-01-30" }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "end_date: must be on or after the start date"),
    );
    const water = await createRecurringRule(
      context,
      rule({ name: "Water", frequency: "custom", custom_interval_days: 45, start_date: "2025-01-10" }),
    );
    expect((await view(water.id)).next_occurrence_date).toBe("2025-02-24");
  });

  it("refuses amounts that are not positive or carry more places than the currency (400 / 422)", async () => {
    expect(createRecurringRuleInput.safeParse({ ...rule(), amount: "0.00" }).error?.issues[0]?.message).toBe(
      "must be more than 0",
    );
    expect(createRecurringRuleInput.safeParse({ ...rule(), amount: "-3" }).success).toBe(false);
    expect(createRecurringRuleInput.safeParse({ ...rule(), start_date: "2025-02-30" }).success).toBe(false);
    await expect(createRecurringRule(context, rule({ amount: "9.995" }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "amount: EUR amounts have at most 2 decimal places"),
    );
  });

  it("answers 404 for another workspace's account or category, and 422 for an archived wallet's account", async () => {
    await expect(createRecurringRule(context, rule({ account_id: ids.foreignAccount }))).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "account_id"),
    );
    await expect(
      createRecurringRule(context, rule({ type: "transfer", destination_account_id: ids.foreignAccount })),
    ).rejects.toEqual(refused("RESOURCE_NOT_FOUND", "destination_account_id"));
    await expect(createRecurringRule(context, rule({ category_id: ids.foreignCategory }))).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "category_id"),
    );
    await expect(createRecurringRule(context, rule({ account_id: ids.archived }))).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "account_id"),
    );
  });
});

describe("updateRecurringRule", () => {
  it("bumps the version, marks a rename as customised and keeps raw_name", async () => {
    const { id } = await createRecurringRule(context, rule({ name: "NETFLIX.COM", kind: "subscription" }));
    expect(await updateRecurringRule(context, { id, name: "Netflix", amount: "13.99" })).toMatchObject({ version: 2 });
    expect(await view(id)).toMatchObject({
      name: "Netflix",
      raw_name: "NETFLIX.COM",
      name_customized: true,
      amount: "13.99",
      kind: "subscription",
      version: 2,
    });
    await updateRecurringRule(context, { id, notes: "family plan" });
    expect(await view(id)).toMatchObject({ name_customized: true, notes: "family plan", version: 3 });
    await updateRecurringRule(context, { id, name: "NETFLIX.COM" });
    expect(await view(id)).toMatchObject({ name_customized: false, version: 4 });
  });

  it("moves the currency with the account and drops an interval the new frequency has no use for", async () => {
    const { id } = await createRecurringRule(
      context,
      rule({ name: "Club", frequency: "custom", custom_interval_days: 10 }),
    );
    await updateRecurringRule(context, { id, account_id: ids.travelUsd, frequency: "weekly" });
    expect(await view(id)).toMatchObject({ currency_code: "USD", frequency: "weekly", custom_interval_days: null });
    await expect(updateRecurringRule(context, { id, frequency: "custom" })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "custom_interval_days"),
    );
  });

  it("checks the rule as it would be after the edit, changing nothing when refused", async () => {
    const { id } = await createRecurringRule(context, rule({ name: "Gym", start_date: "2025-01-01" }));
    await expect(updateRecurringRule(context, { id, end_date: "2024-12-31" })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "end_date"),
    );
    await expect(updateRecurringRule(context, { id, type: "transfer" })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "destination_account_id"),
    );
    await expect(updateRecurringRule(context, { id, category_id: ids.foreignCategory })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "category_id"),
    );
    expect(await row(id)).toMatchObject({ version: 1, endDate: null, type: "expense", categoryId: null });
  });

  it("answers 404 for another workspace's rule", async () => {
    const other = await createPlanningWorkspace(db, { timezone: "UTC" });
    const [account] = (await other.wallet("Theirs", [{ currency: "EUR" }])) as [string];
    const foreign = await createRecurringRule(
      { db, workspace: other.workspace, userId: other.userId },
      rule({ account_id: account }),
    );
    await expect(updateRecurringRule(context, { id: foreign.id, name: "Mine now" })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "recurring rule"),
    );
    await expect(pauseRecurringRule(context, { id: foreign.id })).rejects.toEqual(
      refused("RESOURCE_NOT_FOUND", "recurring rule"),
    );
    expect(await row(foreign.id)).toMatchObject({ name: "Rent", status: "active", version: 1 });
  });
});

describe("status moves", () => {
  it("pauses an active rule, resumes a paused one, and refuses the other moves with 422", async () => {
    const { id } = await createRecurringRule(context, rule({ name: "Phone" }));
    expect(await pauseRecurringRule(context, { id })).toEqual({ id, status: "paused", version: 2 });
    expect(await row(id)).toMatchObject({ status: "paused", pausedAt: NOW });
    expect((await view(id)).next_occurrence_date).toBeNull();
    await expect(pauseRecurringRule(context, { id })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "status: Only an active rule can be paused; this one is paused."),
    );
    expect(await resumeRecurringRule(context, { id })).toEqual({ id, status: "active", version: 3 });
    expect(await row(id)).toMatchObject({ status: "active", pausedAt: null });
    expect((await view(id)).next_occurrence_date).toBe("2025-02-28");
    await expect(resumeRecurringRule(context, { id })).rejects.toEqual(
      refused("DOMAIN_CONSTRAINT_VIOLATION", "Only a paused rule can be resumed"),
    );
  });

  it("ends an active or paused rule today in the workspace timezone, for good", async () => {
    const { id } = await createRecurringRule(context, rule({ name: "Insurance" }));
    await pauseRecurringRule(context, { id });
    expect(await endRecurringRule(context, { id })).toEqual({ id, status: "ended", version: 3 });
    const ended = await row(id);
    expect(ended).toMatchObject({ status: "ended", pausedAt: null });
    expect(dateToDay(ended.endDate!)).toBe(TODAY);
    for (const move of [pauseRecurringRule, resumeRecurringRule, endRecurringRule]) {
      await expect(move(context, { id })).rejects.toEqual(refused("DOMAIN_CONSTRAINT_VIOLATION", "this one is ended"));
    }
    expect((await row(id)).version).toBe(3);
  });

  it("keeps an earlier end date, and ends a rule that has not started on its start date", async () => {
    const past = await createRecurringRule(
      context,
      rule({ name: "Past", start_date: "2024-01-01", end_date: "2024-06-30" }),
    );
    await endRecurringRule(context, { id: past.id });
    expect(dateToDay((await row(past.id)).endDate!)).toBe("2024-06-30");
    const future = await createRecurringRule(context, rule({ name: "Future", start_date: "2025-03-15" }));
    await endRecurringRule(context, { id: future.id });
    expect(dateToDay((await row(future.id)).endDate!)).toBe("2025-03-15");
  });
});
