import type { TransactionType } from "../../db/generated/prisma/client";
import { addRate, createTestWorkspace, type TestDatabase, type TestWorkspace } from "../../testing/fixtures";
import type { WorkspaceRef } from "../identity/authenticate";
import { dayToDate } from "../time/calendar";

/** A hand-built workspace for the report tests: small enough to work every figure out by hand. */
export interface ReportWorkspace extends TestWorkspace {
  wallet(name: string, currencies: string[]): Promise<string[]>;
  category(name: string): Promise<string>;
  transaction(input: TransactionInput): Promise<string>;
  transfer(input: { from: string; to: string; date: string; sent: string; received: string }): Promise<void>;
  rule(input: {
    name: string;
    rawName: string;
    type: TransactionType;
    amount: string;
    currency: string;
    accountId: string;
  }): Promise<string>;
}

interface TransactionInput {
  accountId: string;
  date: string;
  amount: string;
  description: string;
  type?: TransactionType;
  categoryId?: string | null;
  recurringRuleId?: string | null;
}

export async function createReportWorkspace(
  db: TestDatabase,
  options: { timezone: string; plan?: WorkspaceRef["plan"]; home?: string },
): Promise<ReportWorkspace> {
  const owned = await createTestWorkspace(db, { name: "Reports", ...options });
  const workspaceId = owned.workspace.id;
  const currencyOf = new Map<string, string>();

  async function transaction(input: TransactionInput & { foreignAmount?: string; foreignCurrencyId?: string }) {
    const created = await db.prisma.transaction.create({
      data: {
        workspaceId,
        accountId: input.accountId,
        currencyId: currencyOf.get(input.accountId)!,
        type: input.type ?? (input.amount.startsWith("-") ? "expense" : "income"),
        date: dayToDate(input.date),
        amount: input.amount,
        description: input.description,
        categoryId: input.categoryId ?? null,
        recurringRuleId: input.recurringRuleId ?? null,
        foreignAmount: input.foreignAmount ?? null,
        foreignCurrencyId: input.foreignCurrencyId ?? null,
      },
    });
    return created.id;
  }

  return {
    ...owned,
    async wallet(name, codes) {
      const wallet = await db.prisma.wallet.create({ data: { workspaceId, name } });
      const ids: string[] = [];
      for (const code of codes) {
        const account = await db.prisma.account.create({
          data: { workspaceId, walletId: wallet.id, currencyId: db.currencies.get(code)! },
        });
        currencyOf.set(account.id, account.currencyId);
        ids.push(account.id);
      }
      return ids;
    },
    async category(name) {
      return (
        await db.prisma.category.create({
          data: { workspaceId, name, iconName: name.toLowerCase(), accentColor: "#123456" },
        })
      ).id;
    },
    transaction,
    async transfer({ from, to, date, sent, received }) {
      const description = "Transfer";
      const out = await transaction({
        accountId: from,
        date,
        amount: `-${sent}`,
        description,
        type: "transfer",
        foreignAmount: `-${received}`,
        foreignCurrencyId: currencyOf.get(to)!,
      });
      const into = await transaction({
        accountId: to,
        date,
        amount: received,
        description,
        type: "transfer",
        foreignAmount: sent,
        foreignCurrencyId: currencyOf.get(from)!,
      });
      await db.prisma.transaction.update({ where: { id: out }, data: { transferPeerId: into } });
      await db.prisma.transaction.update({ where: { id: into }, data: { transferPeerId: out } });
    },
    async rule({ name, rawName, type, amount, currency, accountId }) {
      const rule = await db.prisma.recurringRule.create({
        data: {
          workspaceId,
          name,
          rawName,
          type,
          amount,
          currencyId: db.currencies.get(currency)!,
          accountId,
          frequency: "monthly",
          startDate: dayToDate("2025-01-01"),
        },
      });
      return rule.id;
    },
  };
}

/**
 * The workspace most report tests read (home EUR, New York time, plan free), with months
 * 2025-09 .. 2026-02. Spending per month: rent 900 (matched by a rule), groceries 100 (300 in
 * February, irregular days), Streamflix 13.99 from November (monthly, no rule), in February a USD 100
 * expense at 0.9 (90.00 EUR), in January a USD 50 coffee without any rate; uncategorised coffee 4.50
 * (January), 5.50 and 3.00 (February). Income: salary 2000, 2000, 2000, 2100, 2200, 2300 (booked by a
 * rule) and in February an uncategorised sale of 200 on the travel wallet. A EUR 500 -> USD 540
 * transfer in February (worth 486.00 EUR on arrival).
 */
export async function buildStandardWorkspace(db: TestDatabase) {
  const ws = await createReportWorkspace(db, { timezone: "America/New_York" });
  const [checking] = await ws.wallet("Checking", ["EUR"]);
  const [travelUsd, travelEur] = await ws.wallet("Travel", ["USD", "EUR"]);
  const categories = {
    rent: await ws.category("Rent"),
    groceries: await ws.category("Groceries"),
    fun: await ws.category("Fun"),
    salary: await ws.category("Salary"),
  };
  const ids = { checking: checking!, travelUsd: travelUsd!, travelEur: travelEur!, coffee: [] as string[] };
  const salaryRule = await ws.rule({
    name: "Salary",
    rawName: "Salary ACME",
    type: "income",
    amount: "2000",
    currency: "EUR",
    accountId: ids.checking,
  });
  await ws.rule({
    name: "Rent",
    rawName: "Rent Main Street",
    type: "expense",
    amount: "900",
    currency: "EUR",
    accountId: ids.checking,
  });
  await addRate(db, "USD", "EUR", "2026-02-10", "0.9");

  const months = ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"];
  const groceryDays = ["03", "20", "02", "28", "05", "09"];
  const salaries = ["2000", "2000", "2000", "2100", "2200", "2300"];
  for (const [i, month] of months.entries()) {
    await ws.transaction({
      accountId: ids.checking,
      date: `${month}-01`,
      amount: "-900",
      description: `Rent Main Street ${i + 10}`,
      categoryId: categories.rent,
    });
    const grocery = month === "2026-02" ? "-300" : "-100";
    await ws.transaction({
      accountId: ids.checking,
      date: `${month}-${groceryDays[i]}`,
      amount: grocery,
      description: "Supermarket",
      categoryId: categories.groceries,
    });
    await ws.transaction({
      accountId: ids.checking,
      date: `${month}-25`,
      amount: salaries[i]!,
      description: "Salary ACME",
      categoryId: categories.salary,
      recurringRuleId: salaryRule,
    });
    if (i >= 2)
      await ws.transaction({
        accountId: ids.checking,
        date: `${month}-11`,
        amount: "-13.99",
        description: "STREAMFLIX.COM",
        categoryId: categories.fun,
      });
  }
  await ws.transaction({
    accountId: ids.travelUsd,
    date: "2026-02-10",
    amount: "-100",
    description: "Museum shop",
    categoryId: categories.fun,
  });
  ids.coffee.push(
    await ws.transaction({
      accountId: ids.checking,
      date: "2026-01-05",
      amount: "-4.50",
      description: "Coffee Shop 123",
    }),
  );
  ids.coffee.push(
    await ws.transaction({
      accountId: ids.travelUsd,
      date: "2026-01-20",
      amount: "-50",
      description: "Coffee shop 999",
    }),
  );
  ids.coffee.push(
    await ws.transaction({
      accountId: ids.checking,
      date: "2026-02-03",
      amount: "-5.50",
      description: "Coffee shop 456",
    }),
  );
  ids.coffee.push(
    await ws.transaction({
      accountId: ids.checking,
      date: "2026-02-14",
      amount: "-3.00",
      description: "COFFEE-SHOP #789",
    }),
  );
  const sale = await ws.transaction({
    accountId: ids.travelEur,
    date: "2026-02-16",
    amount: "200",
    description: "Ebay sale 42",
  });
  await ws.transfer({ from: ids.checking, to: ids.travelUsd, date: "2026-02-10", sent: "500", received: "540" });
  return { ws, ids: { ...ids, sale }, categories };
}

/** 2026-02-15 noon in New York. */
export const MID_FEBRUARY = new Date("2026-02-15T17:00:00Z");
