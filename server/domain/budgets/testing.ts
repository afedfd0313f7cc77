import type { TransactionType } from "../../db/generated/prisma/client";
import { createTestWorkspace, type TestDatabase, type TestWorkspace } from "../../testing/fixtures";
import { dayToDate } from "../time/calendar";

/**
 * A hand-built workspace for the planning tests (recurring rules, goals, budgets): small enough
 * that every expected number can be worked out by hand.
 */
export interface PlanningWorkspace extends TestWorkspace {
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
    /** "test <amount>" unless given. */
    description?: string;
    counterparty?: string;
  }): Promise<string>;
}

export async function createPlanningWorkspace(
  db: TestDatabase,
  options: { timezone: string; home?: string; userName?: string },
): Promise<PlanningWorkspace> {
  const owned = await createTestWorkspace(db, { name: "Planning", ...options });
  const workspaceId = owned.workspace.id;
  const currencyOf = new Map<string, string>();

  return {
    ...owned,
    async wallet(name, accounts) {
      const wallet = await db.prisma.wallet.create({ data: { workspaceId, name } });
      const ids: string[] = [];
      for (const account of accounts) {
        const created = await db.prisma.account.create({
          data: {
            workspaceId,
            walletId: wallet.id,
            currencyId: db.currencies.get(account.currency)!,
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
      return (await db.prisma.category.create({ data: { workspaceId, name, iconName: name.toLowerCase() } })).id;
    },
    async transaction(input) {
      const created = await db.prisma.transaction.create({
        data: {
          workspaceId,
          accountId: input.accountId,
          currencyId: currencyOf.get(input.accountId)!,
          type: input.type ?? "expense",
          date: dayToDate(input.date),
          amount: input.amount,
          description: input.description ?? `test ${input.amount}`,
          counterparty: input.counterparty ?? null,
          categoryId: input.categoryId ?? null,
          recurringRuleId: input.recurringRuleId ?? null,
        },
      });
      return created.id;
    },
  };
}
