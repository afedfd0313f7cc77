/**
 * The transaction tests' workspace: mine with the wallets Travel (EUR and USD) and Savings (EUR),
 * each account opened at 100 thirty days ago, and the category Groceries; theirs, empty.
 * `useTransactionsWorkspace()` registers the hooks and answers the live fixture.
 */
import { beforeAll } from "vitest";
import { createTransactionInput, listTransactionsInput } from "../../routers/transactions/schemas";
import { createWalletInput } from "../../routers/wallets/schemas";
import { createTestWorkspace, useTestDatabase, type TestDatabase, type TestWorkspace } from "../../testing/fixtures";
import { createCategory } from "../categories/manage-categories";
import { addDays, todayIn } from "../time/calendar";
import { createWallet } from "../wallets/manage-wallets";
import { getWallet } from "../wallets/read-wallets";
import { listTransactions } from "./list-transactions";
import { createTransaction } from "./write-transactions";

export const today = todayIn("UTC");
export const yesterday = addDays(today, -1);

interface TransactionsWorkspace {
  db: TestDatabase;
  mine: TestWorkspace;
  theirs: TestWorkspace;
  /** The Travel wallet and its accounts. */
  walletId: string;
  eur: string;
  usd: string;
  savings: string;
  groceries: string;
  /** A new wallet of `context` with an account per currency. */
  accountsOf(context: TestWorkspace, name: string, codes: string[]): Promise<{ id: string; accounts: string[] }>;
  /** An expense of mine today, described "Shop" unless `extra` says otherwise. */
  expense(accountId: string, amount: string, extra?: Record<string, unknown>): ReturnType<typeof createTransaction>;
  /** A new wallet of theirs with one EUR account, and their expense of 3 on it. */
  theirExpense(walletName: string): Promise<{ accountId: string; id: string }>;
  /** Mine's transactions listed with these filters. */
  rowsOf(filters?: Record<string, unknown>): Promise<Awaited<ReturnType<typeof listTransactions>>["items"]>;
  /** The current balances of the accounts of one of mine's wallets. */
  balances(walletId: string): Promise<string[]>;
}

export function useTransactionsWorkspace(): TransactionsWorkspace {
  const db = useTestDatabase();
  const fixture = { db } as TransactionsWorkspace;

  fixture.accountsOf = async (context, name, codes) => {
    const { id } = await createWallet(
      context,
      createWalletInput.parse({
        name,
        accounts: codes.map((code) => ({
          currency_code: code,
          opening_balance: "100",
          opening_balance_date: addDays(today, -30),
        })),
      }),
    );
    return { id, accounts: (await getWallet(context, id)).attributes.accounts.map((account) => account.id) };
  };
  fixture.expense = (accountId, amount, extra = {}) =>
    createTransaction(
      fixture.mine,
      createTransactionInput.parse({
        account_id: accountId,
        type: "expense",
        date: today,
        amount,
        description: "Shop",
        ...extra,
      }),
    );
  fixture.theirExpense = async (walletName) => {
    const accountId = (await fixture.accountsOf(fixture.theirs, walletName, ["EUR"])).accounts[0]!;
    const { id } = await createTransaction(
      fixture.theirs,
      createTransactionInput.parse({
        account_id: accountId,
        type: "expense",
        date: today,
        amount: "3",
        description: "Theirs",
      }),
    );
    return { accountId, id };
  };
  fixture.rowsOf = async (filters = {}) =>
    (await listTransactions(fixture.mine, listTransactionsInput.parse(filters))).items;
  fixture.balances = async (walletId) =>
    (await getWallet(fixture.mine, walletId)).attributes.accounts.map((account) => account.current_balance);

  beforeAll(async () => {
    const mine = await createTestWorkspace(db);
    const theirs = await createTestWorkspace(db);
    const travel = await fixture.accountsOf(mine, "Travel", ["EUR", "USD"]);
    const [eur, usd] = travel.accounts as [string, string];
    const savings = (await fixture.accountsOf(mine, "Savings", ["EUR"])).accounts[0]!;
    const groceries = await createCategory(mine, {
      name: "Groceries",
      group_id: null,
      icon_name: null,
      accent_color: null,
      aliases: [],
    });
    Object.assign(fixture, { mine, theirs, walletId: travel.id, eur, usd, savings, groceries: groceries.id });
  });
  return fixture;
}
