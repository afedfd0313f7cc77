import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCurrencies } from "../../../prisma/seed";
import type { Database } from "../../db";
import { createTestDatabase } from "../../db/testing";
import { AppError, type ErrorCode } from "../../errors";
import { useTemplateInput, type UseTemplateInput } from "../../schemas/templates";
import type { WorkspaceRef } from "../identity/authenticate";
import { SideEffects } from "../side-effects/side-effects";
import { dateToDay } from "../time/calendar";
import { listTemplates } from "./list-templates";
import { useTemplate } from "./use-template";

let db: Database;
let destroy: () => Promise<void>;
let currencies: Map<string, string>;

interface World {
  workspace: WorkspaceRef;
  userId: string;
  checking: { walletId: string; eur: string };
  travel: { walletId: string; usd: string; eur: string };
  groceries: string;
}

let mine: World;
let other: World;

async function createWorld(): Promise<World> {
  const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
  const row = await db.prisma.workspace.create({
    data: { name: "Mine", timezone: "Europe/Berlin", homeCurrencyId: currencies.get("EUR")! },
  });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: row.id, role: "owner" } });
  const workspace: WorkspaceRef = {
    id: row.id,
    timezone: row.timezone,
    homeCurrencyId: row.homeCurrencyId,
    plan: "free",
  };
  const account = (walletId: string, code: string, order: number) =>
    db.prisma.account
      .create({ data: { workspaceId: row.id, walletId, currencyId: currencies.get(code)!, order } })
      .then((created) => created.id);
  const checking = await db.prisma.wallet.create({ data: { workspaceId: row.id, name: "Checking" } });
  const travel = await db.prisma.wallet.create({ data: { workspaceId: row.id, name: "Travel" } });
  const category = await db.prisma.category.create({ data: { workspaceId: row.id, name: "Groceries" } });
  return {
    workspace,
    userId: user.id,
    checking: { walletId: checking.id, eur: await account(checking.id, "EUR", 0) },
    // USD is the wallet's first account: a template in EUR must still book on the EUR one.
    travel: { walletId: travel.id, usd: await account(travel.id, "USD", 0), eur: await account(travel.id, "EUR", 1) },
    groceries: category.id,
  };
}

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
  currencies = await ensureCurrencies(db);
  mine = await createWorld();
  other = await createWorld();
});
afterAll(async () => destroy?.());

async function template(
  world: World,
  data: {
    direction: "expense" | "income" | "transfer";
    sourceWalletId?: string;
    targetWalletId?: string;
    categoryId?: string;
    amountMinor?: bigint;
    currency?: string;
  },
) {
  const { currency, ...rest } = data;
  return db.prisma.transactionTemplate.create({
    data: {
      workspaceId: world.workspace.id,
      name: `T ${randomUUID().slice(0, 6)}`,
      description: "Weekly shop",
      notes: "from the template",
      tags: ["t"],
      currencyId: currency ? currencies.get(currency)! : null,
      ...rest,
    },
  });
}

function use(world: World, input: Partial<UseTemplateInput> & { id: string }, now?: Date) {
  const parsed = useTemplateInput.parse({ date: "2026-03-10", amount: "12.30", description: "Weekly shop", ...input });
  return useTemplate(
    { db, workspace: world.workspace, userId: world.userId, sideEffects: new SideEffects(), now },
    parsed,
  );
}

async function expectFailure(work: Promise<unknown>, code: ErrorCode, message?: RegExp): Promise<void> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (message) expect((error as AppError).message).toMatch(message);
}

async function usage(id: string) {
  const row = await db.prisma.transactionTemplate.findUniqueOrThrow({ where: { id } });
  return {
    count: row.usageCount,
    lastUsedAt: row.lastUsedAt,
    booked: await db.prisma.transaction.count({ where: { templateId: id } }),
  };
}

describe("creating transactions from a template", () => {
  it("books an expense as a negative amount on the source wallet's account and counts the use", async () => {
    const saved = await template(mine, {
      direction: "expense",
      sourceWalletId: mine.checking.walletId,
      categoryId: mine.groceries,
      amountMinor: 1230n,
      currency: "EUR",
    });
    const now = new Date("2026-03-10T08:00:00.000Z");
    const result = await use(mine, { id: saved.id, category_id: mine.groceries, notes: "from the template" }, now);

    expect(result.transactions).toHaveLength(1);
    const booked = await db.prisma.transaction.findUniqueOrThrow({ where: { id: result.transactions[0]!.id } });
    expect(booked.accountId).toBe(mine.checking.eur);
    expect(booked.type).toBe("expense");
    expect(booked.amount.toFixed(2)).toBe("-12.30");
    expect(dateToDay(booked.date)).toBe("2026-03-10");
    expect([booked.categoryId, booked.templateId, booked.description, booked.notes, booked.tags]).toEqual([
      mine.groceries,
      saved.id,
      "Weekly shop",
      "from the template",
      ["t"],
    ]);
    expect(result.template).toEqual({ id: saved.id, usage_count: 1, last_used_at: now.toISOString() });
    expect((await usage(saved.id)).lastUsedAt?.toISOString()).toBe(now.toISOString());

    const again = await use(mine, { id: saved.id, amount: "7.05" });
    expect(again.template.usage_count).toBe(2);
    expect(again.transactions[0]!.amount).toBe("-7.05");
  });

  it("picks the wallet's account in the template's currency, else its first account", async () => {
    const inEur = await template(mine, { direction: "expense", sourceWalletId: mine.travel.walletId, currency: "EUR" });
    expect((await use(mine, { id: inEur.id })).transactions[0]!.account_id).toBe(mine.travel.eur);
    const noCurrency = await template(mine, { direction: "expense", sourceWalletId: mine.travel.walletId });
    expect((await use(mine, { id: noCurrency.id })).transactions[0]!.account_id).toBe(mine.travel.usd);
    // A chosen account wins over the template's wallet.
    expect((await use(mine, { id: inEur.id, source_account_id: mine.checking.eur })).transactions[0]!.account_id).toBe(
      mine.checking.eur,
    );
  });

  it("books income as a positive amount on the target wallet's account", async () => {
    const saved = await template(mine, {
      direction: "income",
      targetWalletId: mine.checking.walletId,
      amountMinor: 250000n,
      currency: "EUR",
    });
    const result = await use(mine, { id: saved.id, amount: "2500.00", description: "Salary" });
    expect(result.transactions).toEqual([
      {
        id: expect.any(String),
        account_id: mine.checking.eur,
        amount: "2500.00",
        currency_code: "EUR",
        transfer_peer_id: null,
      },
    ]);
    const booked = await db.prisma.transaction.findUniqueOrThrow({ where: { id: result.transactions[0]!.id } });
    expect([booked.type, booked.amount.toFixed(2)]).toEqual(["income", "2500.00"]);
  });

  it("books a transfer as two rows that point at each other", async () => {
    const saved = await template(mine, {
      direction: "transfer",
      sourceWalletId: mine.checking.walletId,
      targetWalletId: mine.travel.walletId,
      currency: "EUR",
    });
    const result = await use(mine, { id: saved.id, amount: "100.00", description: "Travel money" });
    const [out, into] = result.transactions;
    expect(out).toMatchObject({ account_id: mine.checking.eur, amount: "-100.00", transfer_peer_id: into!.id });
    expect(into).toMatchObject({ account_id: mine.travel.eur, amount: "100.00", transfer_peer_id: out!.id });
    const rows = await db.prisma.transaction.findMany({ where: { id: { in: [out!.id, into!.id] } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(out!.id)).toMatchObject({
      type: "transfer",
      transferPeerId: into!.id,
      categoryId: null,
      foreignAmount: null,
    });
    expect(byId.get(into!.id)).toMatchObject({ type: "transfer", transferPeerId: out!.id, categoryId: null });
    expect(result.template.usage_count).toBe(1);
  });

  it("asks for the received amount of a transfer between currencies and records both sides", async () => {
    const saved = await template(mine, {
      direction: "transfer",
      sourceWalletId: mine.checking.walletId,
      targetWalletId: mine.travel.walletId,
    });
    await expectFailure(
      use(mine, { id: saved.id, target_account_id: mine.travel.usd }),
      "VALIDATION_FAILED",
      /received_amount: is required/,
    );
    const result = await use(mine, {
      id: saved.id,
      target_account_id: mine.travel.usd,
      amount: "100.00",
      received_amount: "108.50",
    });
    const into = await db.prisma.transaction.findUniqueOrThrow({ where: { id: result.transactions[1]!.id } });
    expect([into.amount.toFixed(2), into.foreignAmount?.toFixed(2), into.foreignCurrencyId]).toEqual([
      "108.50",
      "100.00",
      currencies.get("EUR"),
    ]);
    expect(result.transactions.map((row) => row.amount)).toEqual(["-100.00", "108.50"]);
  });

  it("answers 404 for another workspace's template, account or category, and books nothing", async () => {
    const theirs = await template(other, { direction: "expense", sourceWalletId: other.checking.walletId });
    await expectFailure(use(mine, { id: theirs.id }), "RESOURCE_NOT_FOUND");
    expect(await usage(theirs.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });

    const saved = await template(mine, { direction: "expense", sourceWalletId: mine.checking.walletId });
    await expectFailure(
      use(mine, { id: saved.id, source_account_id: other.checking.eur }),
      "RESOURCE_NOT_FOUND",
      /source_account_id/,
    );
    await expectFailure(use(mine, { id: saved.id, category_id: other.groceries }), "RESOURCE_NOT_FOUND", /category_id/);
    expect(await usage(saved.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });
  });

  it("refuses an archived wallet with 422 and leaves the template's usage unchanged", async () => {
    const wallet = await db.prisma.wallet.create({ data: { workspaceId: mine.workspace.id, name: "Old bank" } });
    const account = await db.prisma.account.create({
      data: { workspaceId: mine.workspace.id, walletId: wallet.id, currencyId: currencies.get("EUR")! },
    });
    const saved = await template(mine, { direction: "expense", sourceWalletId: wallet.id, currency: "EUR" });
    await db.prisma.wallet.update({ where: { id: wallet.id }, data: { archivedAt: new Date() } });

    await expectFailure(use(mine, { id: saved.id }), "DOMAIN_CONSTRAINT_VIOLATION", /Old bank is archived/);
    await expectFailure(
      use(mine, { id: saved.id, source_account_id: account.id }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /archived wallets take no new transactions/,
    );
    expect(await usage(saved.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });
  });

  it("refuses what does not fit: a category on a transfer, one account twice, too many decimals", async () => {
    const transfer = await template(mine, {
      direction: "transfer",
      sourceWalletId: mine.checking.walletId,
      targetWalletId: mine.travel.walletId,
      currency: "EUR",
    });
    await expectFailure(
      use(mine, { id: transfer.id, category_id: mine.groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /category_id/,
    );
    await expectFailure(
      use(mine, { id: transfer.id, target_account_id: mine.checking.eur }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /two different accounts/,
    );
    await expectFailure(
      use(mine, { id: transfer.id, amount: "1.234" }),
      "VALIDATION_FAILED",
      /amount: EUR amounts have at most 2 decimal places/,
    );
    expect(await usage(transfer.id)).toEqual({ count: 0, lastUsedAt: null, booked: 0 });

    const walletless = await template(mine, { direction: "expense", categoryId: mine.groceries });
    await expectFailure(use(mine, { id: walletless.id }), "VALIDATION_FAILED", /source_account_id: choose an account/);
  });
});

describe("the templates list's prefill", () => {
  it("starts the dialog with the accounts, the amount in the currency's places and the category", async () => {
    const world = await createWorld();
    const expense = await template(world, {
      direction: "expense",
      sourceWalletId: world.travel.walletId,
      categoryId: world.groceries,
      amountMinor: 1230n,
      currency: "EUR",
    });
    const yen = await template(world, {
      direction: "income",
      targetWalletId: world.checking.walletId,
      amountMinor: 1500n,
      currency: "JPY",
    });
    const transfer = await template(world, {
      direction: "transfer",
      sourceWalletId: world.checking.walletId,
      targetWalletId: world.travel.walletId,
      categoryId: world.groceries,
      amountMinor: 5n,
    });

    const listed = new Map(
      (await listTemplates({ db: db, workspace: world.workspace })).map((item) => [item.id, item]),
    );
    expect(listed.get(expense.id)!.prefill).toEqual({
      source_account_id: world.travel.eur,
      target_account_id: null,
      amount: "12.30",
      currency_code: "EUR",
      category_id: world.groceries,
      description: "Weekly shop",
      notes: "from the template",
    });
    expect(listed.get(yen.id)!.prefill).toMatchObject({
      source_account_id: null,
      target_account_id: world.checking.eur,
      amount: "1500",
      currency_code: "JPY",
    });
    expect(listed.get(transfer.id)!.prefill).toMatchObject({
      source_account_id: world.checking.eur,
      target_account_id: world.travel.usd,
      amount: "0.05",
      category_id: null,
    });
    expect(listed.get(expense.id)!.fields.sourceWallet?.currency_codes).toEqual(["EUR", "USD"]);
  });
});
