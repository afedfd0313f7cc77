import type { Db } from "../../db";
import { Decimal } from "./money";

/** How far back a rate may be used for a day without one (CONTRACT "Money"). */
const FX_LOOKBACK_DAYS = 7;

/**
 * SQL condition on fx_rates: the rates from `from` to `to` usable on `day` (that day's, or an
 * earlier one within the lookback). The one definition every conversion uses; each picks the
 * latest match (ORDER BY rate_date DESC LIMIT 1) or asks whether there is one.
 */
export function usableRatesSql(from: string, to: string, day: string): string {
  return `from_currency_id = ${from} AND to_currency_id = ${to} AND rate_date <= ${day} AND rate_date >= ${day} - ${FX_LOOKBACK_DAYS}`;
}

/**
 * SQL pieces converting transactions (`t.amount` in `t.currency_id` on `t.date`) into the home
 * currency `home` (a parameter such as "$2"), with the day's rate or the latest earlier one within
 * the lookback. Rows without a rate are left out of the home amount and counted as missing.
 * `rowCount` names a column holding how many transactions a row stands for, when `t` is already
 * aggregated (per day and currency, say); otherwise each row is one transaction.
 */
export function fxSql(home: string, t = "t", rowCount?: string) {
  const unconverted = `${t}.currency_id <> ${home} AND fx.rate IS NULL`;
  return {
    join: `LEFT JOIN LATERAL (
             SELECT rate, rate_date FROM fx_rates
              WHERE ${usableRatesSql(`${t}.currency_id`, home, `${t}.date`)}
              ORDER BY rate_date DESC LIMIT 1
           ) fx ON ${t}.currency_id <> ${home}`,
    /** The row's amount in the home currency; NULL when no rate. */
    homeAmount: `CASE WHEN ${t}.currency_id = ${home} THEN ${t}.amount ELSE ${t}.amount * fx.rate END`,
    missing: rowCount
      ? `coalesce(sum(${t}.${rowCount}) FILTER (WHERE ${unconverted}), 0)::int`
      : `count(*) FILTER (WHERE ${unconverted})::int`,
    rateDate: `to_char(max(fx.rate_date), 'YYYY-MM-DD')`,
  };
}

/**
 * SQL condition: the transaction `t` is in another currency than `home` and no rate converts it
 * (the same rule as fxSql's join), for counting unconverted rows without joining every row.
 */
export function unconvertibleSql(home: string, t = "t"): string {
  return `(${t}.currency_id <> ${home} AND NOT EXISTS (SELECT 1 FROM fx_rates WHERE ${usableRatesSql(`${t}.currency_id`, home, `${t}.date`)}))`;
}

export interface Rate {
  rate: Decimal;
  rateDate: string;
}

/** The rate from one currency to another for `day`, or the latest earlier one within the lookback. */
export async function rateOn(db: Db, fromCurrencyId: string, toCurrencyId: string, day: string): Promise<Rate | null> {
  if (fromCurrencyId === toCurrencyId) return { rate: new Decimal(1), rateDate: day };
  const rows = await db.sql.query<{ rate: string; rate_date: string }>(
    `SELECT rate::text AS rate, to_char(rate_date, 'YYYY-MM-DD') AS rate_date FROM fx_rates
      WHERE ${usableRatesSql("$1", "$2", "$3::date")}
      ORDER BY rate_date DESC LIMIT 1`,
    [fromCurrencyId, toCurrencyId, day],
  );
  const row = rows[0];
  return row ? { rate: new Decimal(row.rate), rateDate: row.rate_date } : null;
}
