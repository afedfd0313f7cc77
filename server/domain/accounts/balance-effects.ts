import { formatMoney } from "../money/money";
import { balancesOn } from "./balances";
import { dateToDay, todayIn } from "../time/calendar";
import type { WorkspaceTransaction } from "../workspace-context";

/** An account as a write's side effect reports it: its balance today and its opening balance. */
interface AccountBalanceRow {
  id: string;
  wallet_id: string;
  version: number;
  balance: string;
  opening_balance: string;
  opening_balance_date: Date | null;
  places: number;
}

/**
 * Records an `accounts` upsert for each of the workspace's `accountIds` whose transactions a write
 * changed: its current balance (transactions up to today from its opening day) and opening balance,
 * read in the write's transaction. Returns the rows, for a caller that reports more of them.
 */
export async function recordAccountBalances(
  { db, workspace, sideEffects }: WorkspaceTransaction,
  accountIds: readonly string[],
): Promise<AccountBalanceRow[]> {
  if (accountIds.length === 0) return [];
  const today = todayIn(workspace.timezone);
  const found = await db.prisma.$queryRaw<Omit<AccountBalanceRow, "balance">[]>`
      SELECT a.id::text AS id, a.wallet_id::text AS wallet_id, w.version, a.opening_balance::text AS opening_balance,
             a.opening_balance_date, c.decimal_places AS places
        FROM accounts a JOIN wallets w ON w.id = a.wallet_id JOIN currencies c ON c.id = a.currency_id
       WHERE a.id = ANY(${[...accountIds]}::uuid[]) AND a.workspace_id = ${workspace.id}::uuid`;
  const balances = await balancesOn(db, [...accountIds], today);
  const accounts = found.map((account) => ({ ...account, balance: balances.get(account.id)!.toFixed() }));
  for (const account of accounts) {
    sideEffects.record({
      domain: "accounts",
      id: account.id,
      action: "upsert",
      data: {
        current_balance: formatMoney(account.balance, account.places),
        opening_balance: formatMoney(account.opening_balance, account.places),
        opening_balance_date: account.opening_balance_date ? dateToDay(account.opening_balance_date) : null,
      },
    });
  }
  return accounts;
}
