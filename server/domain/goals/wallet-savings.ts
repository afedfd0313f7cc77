import { balancesOn } from "../accounts/balances";
import { rateOn, type Rate } from "../money/fx";
import { Decimal } from "../money/money";
import { addMonths, endOfMonth } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";

/** Full months the average net change of a linked wallet looks back over. */
const PACE_MONTHS = 3;

export interface WalletSavings {
  /** Sum of the wallet's account balances today, in the goal's currency. */
  balance: Decimal;
  /** Average monthly net change over the last PACE_MONTHS full months, in the goal's currency. */
  monthlyChange: Decimal;
}

/**
 * What linked wallets hold, for goals: each (wallet, goal currency) pair gets the sum of the
 * wallet's account balances today and the average monthly change over the last three full months
 * (balance at the end of last month minus that at the end of the month before those three, / 3).
 * Every account is converted with the rate of today (or the latest within 7 days), so exchange
 * rate moves do not count as saving; an account without a rate is left out.
 */
export async function walletSavings(
  { db, workspace }: WorkspaceContext,
  wanted: Array<{ walletId: string; currencyId: string }>,
  today: string,
): Promise<(walletId: string, currencyId: string) => WalletSavings> {
  const walletIds = [...new Set(wanted.map((item) => item.walletId))];
  const accounts =
    walletIds.length === 0
      ? []
      : await db.prisma.account.findMany({
          where: { workspaceId: workspace.id, walletId: { in: walletIds } },
          select: { id: true, walletId: true, currencyId: true },
        });
  const ids = accounts.map((account) => account.id);
  const lastMonthEnd = endOfMonth(addMonths(today, -1));
  const windowStartEnd = endOfMonth(addMonths(today, -(PACE_MONTHS + 1)));
  const [now, closing, opening] = await Promise.all([
    balancesOn(db, ids, today),
    balancesOn(db, ids, lastMonthEnd),
    balancesOn(db, ids, windowStartEnd),
  ]);

  const rates = new Map<string, Rate | null>();
  for (const { walletId, currencyId } of wanted) {
    for (const account of accounts.filter((candidate) => candidate.walletId === walletId)) {
      const key = `${account.currencyId}>${currencyId}`;
      if (!rates.has(key)) rates.set(key, await rateOn(db, account.currencyId, currencyId, today));
    }
  }

  return (walletId, currencyId) => {
    let balance = new Decimal(0);
    let change = new Decimal(0);
    for (const account of accounts.filter((candidate) => candidate.walletId === walletId)) {
      const rate = rates.get(`${account.currencyId}>${currencyId}`);
      if (!rate) continue;
      balance = balance.plus(now.get(account.id)!.times(rate.rate));
      change = change.plus(closing.get(account.id)!.minus(opening.get(account.id)!).times(rate.rate));
    }
    return { balance, monthlyChange: change.div(PACE_MONTHS) };
  };
}
