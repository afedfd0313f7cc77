import type { Db } from "../../db";
import { Decimal, formatMoney } from "../money/money";
import { dateToDay, dayToDate } from "../time/calendar";
import type { StatementBalance } from "./parsers/types";

/** An entry of `opening_balance_adjusted` (spec "Import job"). */
export interface OpeningAdjustment {
  account_id: string;
  account_name: string;
  currency_code: string;
  reason: "pre_opening_import_rows";
  target_balance: string;
  balance_as_of_date: string;
  service_balance_before: string;
  service_balance_after: string;
  delta: string;
  old_opening_balance: string;
  new_opening_balance: string;
  old_opening_balance_date: string;
  new_opening_balance_date: string;
}

interface Account {
  id: string;
  name: string;
  currencyCode: string;
  decimalPlaces: number;
  openingBalance: Decimal;
  openingBalanceDate: Date | null;
}

/** The import target account and its currency as the opening balance rule reads them. */
export function openingAccountOf(
  account: {
    id: string;
    wallet: { name: string };
    openingBalance: { toString(): string };
    openingBalanceDate: Date | null;
  },
  currency: { code: string; decimalPlaces: number },
): Account {
  return {
    id: account.id,
    name: account.wallet.name,
    currencyCode: currency.code,
    decimalPlaces: currency.decimalPlaces,
    openingBalance: new Decimal(account.openingBalance.toString()),
    openingBalanceDate: account.openingBalanceDate,
  };
}

async function sumExisting(db: Db, accountId: string, from: string, to: string): Promise<Decimal> {
  const result = await db.prisma.transaction.aggregate({
    where: { accountId, date: { gte: dayToDate(from), lte: dayToDate(to) } },
    _sum: { amount: true },
  });
  return new Decimal(result._sum.amount?.toString() ?? 0);
}

/**
 * Rows dated before the account's opening balance date move that date back to the earliest row,
 * and the opening balance is set so that the balance on the statement's closing date equals the
 * statement's closing balance; without a closing balance, so that the balance on the old opening
 * date stays what it was plus the imported rows of that day (they are new rows, after the opening).
 * Null when no row is dated before the opening date.
 */
export async function planOpeningAdjustment(
  db: Db,
  account: Account,
  rows: Array<{ date: string; amount: string }>,
  closing: StatementBalance | null,
): Promise<OpeningAdjustment | null> {
  if (!account.openingBalanceDate) return null;
  const oldDate = dateToDay(account.openingBalanceDate);
  const early = rows.filter((row) => row.date < oldDate);
  if (early.length === 0) return null;
  const newDate = early.map((row) => row.date).sort()[0]!;
  const asOf = closing && closing.date >= newDate ? closing.date : oldDate;
  const imported = (from: string, to: string) =>
    rows.filter((row) => row.date >= from && row.date <= to).reduce((sum, row) => sum.plus(row.amount), new Decimal(0));

  // Balance on `asOf` as the service computes it now, and after the import with the old opening balance.
  const before = account.openingBalance.plus(asOf >= oldDate ? await sumExisting(db, account.id, oldDate, asOf) : 0);
  const after = account.openingBalance
    .plus(await sumExisting(db, account.id, newDate, asOf))
    .plus(imported(newDate, asOf));
  // Without a closing balance the earlier rows leave the balance on the old opening date as it was,
  // but the rows of that day and later (new ones, not before the opening) still count on it.
  const target =
    closing && closing.date >= newDate ? new Decimal(closing.amount) : before.plus(imported(oldDate, asOf));
  const delta = target.minus(after);
  const money = (value: Decimal) => formatMoney(value, account.decimalPlaces);
  return {
    account_id: account.id,
    account_name: account.name,
    currency_code: account.currencyCode,
    reason: "pre_opening_import_rows",
    target_balance: money(target),
    balance_as_of_date: asOf,
    service_balance_before: money(before),
    service_balance_after: money(after),
    delta: money(delta),
    old_opening_balance: money(account.openingBalance),
    new_opening_balance: money(account.openingBalance.plus(delta)),
    old_opening_balance_date: oldDate,
    new_opening_balance_date: newDate,
  };
}
