import type { Db } from "../../db";
import { addDays } from "../time/calendar";
import { Decimal } from "../money/money";

/** Account `a`'s opening balance plus every transaction it holds, whatever its date: its running tally. */
const TALLIED_BALANCE_SQL =
  "(a.opening_balance + COALESCE((SELECT sum(s.amount) FROM transaction_tallies s WHERE s.account_id = a.id), 0))";

/**
 * An account's balance on a day: its opening balance plus the signed amounts of its transactions
 * from the opening balance date (any date when none is set) up to and including that day. Read as
 * the account's running tally (transactions/tallies.ts) less the rows after the day and before the
 * opening date, so the cost is the rows outside that window (a few future-dated ones for today), not
 * every transaction of the account.
 */
export async function balancesOn(db: Db, accountIds: string[], day: string): Promise<Map<string, Decimal>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.sql.query<{ id: string; balance: string }>(
    `SELECT a.id,
            (${TALLIED_BALANCE_SQL}
             - COALESCE((SELECT sum(t.amount) FROM transactions t WHERE t.account_id = a.id AND t.date > $2::date), 0)
             - COALESCE((SELECT sum(t.amount) FROM transactions t
                          WHERE t.account_id = a.id AND t.date < a.opening_balance_date AND t.date <= $2::date), 0)
            )::text AS balance
       FROM accounts a
      WHERE a.id = ANY($1::uuid[])`,
    [accountIds, day],
  );
  return new Map(rows.map((row) => [row.id, new Decimal(row.balance)]));
}

/**
 * The balance of account `accountId` after each of its transactions `ids`, in booking order (date,
 * then entry time, then id): what a bank statement's balance column shows, and the account's current
 * balance after its last transaction up to today. Read as the balance after every transaction (the
 * running tally less the rows before the opening date) less the rows booked after each one, so the
 * cost is the rows from the earliest of `ids` on (a page of recent rows costs little). Transactions
 * dated before the opening balance date count in no balance and are left out of the map.
 */
export async function runningBalances(db: Db, accountId: string, ids: string[]): Promise<Map<string, Decimal>> {
  if (ids.length === 0) return new Map();
  const rows = await db.sql.query<{ id: string; balance: string }>(
    `WITH account AS (
       SELECT a.opening_balance_date AS opened,
              ${TALLIED_BALANCE_SQL}
              - COALESCE((SELECT sum(t.amount) FROM transactions t
                           WHERE t.account_id = a.id AND t.date < a.opening_balance_date), 0) AS after_all
         FROM accounts a
        WHERE a.id = $1::uuid
     ), page AS (
       SELECT min(t.date) AS first_day FROM transactions t WHERE t.id = ANY($2::uuid[]) AND t.account_id = $1::uuid
     ), later AS (
       SELECT u.id, sum(u.amount) OVER (ORDER BY u.date DESC, u.created_at DESC, u.id DESC
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS booked_after
         FROM transactions u, account, page
        WHERE u.account_id = $1::uuid AND u.date >= page.first_day
          AND (account.opened IS NULL OR u.date >= account.opened)
     )
     SELECT later.id::text AS id, (account.after_all - COALESCE(later.booked_after, 0))::text AS balance
       FROM later, account
      WHERE later.id = ANY($2::uuid[])`,
    [accountId, ids],
  );
  return new Map(rows.map((row) => [row.id, new Decimal(row.balance)]));
}

/**
 * Closing balances of each account for the `days` days ending with `lastDay` (oldest first),
 * walked back from the balances on `lastDay` through that window's transactions alone.
 */
export async function dailyBalances(
  db: Db,
  closing: Map<string, Decimal>,
  lastDay: string,
  days: number,
): Promise<Map<string, Decimal[]>> {
  const accountIds = [...closing.keys()];
  const firstDay = addDays(lastDay, -(days - 1));
  const rows = await db.sql.query<{ account_id: string; day: string; delta: string }>(
    `SELECT t.account_id, to_char(t.date, 'YYYY-MM-DD') AS day, SUM(t.amount)::text AS delta
       FROM transactions t JOIN accounts a ON a.id = t.account_id
      WHERE t.account_id = ANY($1::uuid[]) AND t.date > $2::date AND t.date <= $3::date
        AND (a.opening_balance_date IS NULL OR t.date >= a.opening_balance_date)
      GROUP BY t.account_id, t.date`,
    [accountIds, firstDay, lastDay],
  );
  const deltas = new Map(rows.map((row) => [`${row.account_id} ${row.day}`, new Decimal(row.delta)]));
  const result = new Map<string, Decimal[]>();
  for (const id of accountIds) {
    let running = closing.get(id) ?? new Decimal(0);
    const series: Decimal[] = [running];
    for (let i = 0; i < days - 1; i += 1) {
      // The close of the day before is this day's close minus this day's transactions.
      running = running.minus(deltas.get(`${id} ${addDays(lastDay, -i)}`) ?? 0);
      series.push(running);
    }
    result.set(id, series.reverse());
  }
  return result;
}
