import { randomUUID } from "node:crypto";
import type { Db } from "../../db";
import type { TransactionType } from "../../db/generated/prisma/client";
import type { WorkspaceRef } from "../identity/authenticate";
import { dayToDate } from "../time/calendar";

/**
 * A hand-built workspace for the planning tests (recurring rules, goals, budgets): small enough
 * that every expected number can be worked out by hand.
 */
export interface TestWorkspace {
  workspace: WorkspaceRef;
  userId: string;
  wallet(
    name: string,
    accounts: Array<{ currency: string; opening?: string; openingDate?: string }>,
  ): Promise<string[]>;
  category(name: string): Promise<string>;
  transaction(input: {
    accountId: string;
    date: string;
    amount: string;
    type?: TransactionType;
    categoryId?: string | null;
    recurringRuleId?: string;
  }): Promise<string>;
}

export async function createTestWorkspace(
  db: Db,
  currencies: Map<string, string>,
  options: { timezone: string; home?: string; userName?: string },
): Promise<TestWorkspace> {
  const user = await db.prisma.user.create({
    data: { email: `${randomUUID()}@example.com`, name: options.userName ?? "Test User", passwordHash: "x" },
  });
  const homeCurrencyId = currencies.get(options.home ?? "EUR")!;
  const row = await db.prisma.workspace.create({
    data: { name: "Planning", timezone: options.timezone, homeCurrencyId },
  });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: row.id, role: "owner" } });
  const workspace: WorkspaceRef = { id: row.id, timezone: row.timezone, homeCurrencyId, plan: "free" };
  const currencyOf = new Map<string, string>();

  return {
    workspace,
    userId: user.id,
    async wallet(name, accounts) {
      const wallet = await db.prisma.wallet.create({ data: { workspaceId: row.id, name } });
      const ids: string[] = [];
      for (const account of accounts) {
        const created = await db.prisma.account.create({
          data: {
            workspaceId: row.id,
            walletId: wallet.id,
            currencyId: currencies.get(account.currency)!,
            openingBalance: account.opening ?? "0",
            openingBalanceDate: account.openingDate ? dayToDate(account.openingDate) : null,
          },
        });
        currencyOf.set(created.id, created.currencyId);
        ids.push(created.id);
      }
      return ids;
    },
    async category(name) {
      return (await db.prisma.category.create({ data: { workspaceId: row.id, name, iconName: name.toLowerCase() } }))
        .id;
    },
    async transaction(input) {
      const created = await db.prisma.transaction.create({
        data: {
          workspaceId: row.id,
          accountId: input.accountId,
          currencyId: currencyOf.get(input.accountId)!,
          type: input.type ?? "expense",
          date: dayToDate(input.date),
          amount: input.amount,
          description: `test ${input.amount}`,
          categoryId: input.categoryId ?? null,
          recurringRuleId: input.recurringRuleId ?? null,
        },
      });
      return created.id;
    },
  };
}

/** Stores 1 `from` = `rate` `to` on `day` (rates are shared by every workspace). */
export async function addRate(
  db: Db,
  currencies: Map<string, string>,
  from: string,
  to: string,
  day: string,
  rate: string,
) {
  await db.prisma.fxRate.create({
    data: { fromCurrencyId: currencies.get(from)!, toCurrencyId: currencies.get(to)!, rateDate: dayToDate(day), rate },
  });
}
