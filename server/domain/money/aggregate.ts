import type { CurrencyInfo } from "./currencies";
import { Decimal, formatMoney } from "./money";

/** One currency's share of a total, as SQL returns it (see fxLateral). */
export interface AggregateRow {
  currency_id: string;
  amount: string;
  count: number;
  /** Sum of the rows that could be converted, in the home currency. */
  home_amount: string | null;
  missing_fx_count: number;
  rate_date: string | null;
}

export interface MoneyAggregate {
  per_currency: Array<{
    currency_code: string;
    currency_symbol: string;
    currency_decimal_places: number;
    amount: string;
    count: number;
  }>;
  home_converted: {
    currency_code: string;
    currency_symbol: string;
    currency_decimal_places: number;
    amount: string;
    fx_partial: boolean;
    missing_fx_count: number;
    rate_date: string | null;
  };
}

/**
 * The spec's `*_agg` object: amounts per currency, and their sum in the home currency where a
 * rate exists (rows without one are left out and counted in `missing_fx_count`).
 * `sign` -1 turns outflows into positive "spent" amounts.
 */
export function buildAggregate(
  rows: AggregateRow[],
  currencies: Map<string, CurrencyInfo>,
  home: CurrencyInfo,
  sign: 1 | -1 = 1,
): MoneyAggregate {
  let homeTotal = new Decimal(0);
  let missing = 0;
  let rateDate: string | null = null;
  const perCurrency = rows
    .map((row) => {
      const currency = currencies.get(row.currency_id);
      if (!currency) throw new Error(`Unknown currency ${row.currency_id}`);
      homeTotal = homeTotal.plus(new Decimal(row.home_amount ?? 0).times(sign));
      missing += row.missing_fx_count;
      if (row.rate_date && (rateDate === null || row.rate_date > rateDate)) rateDate = row.rate_date;
      return {
        currency_code: currency.code,
        currency_symbol: currency.symbol,
        currency_decimal_places: currency.decimalPlaces,
        amount: formatMoney(new Decimal(row.amount).times(sign), currency.decimalPlaces),
        count: row.count,
      };
    })
    .sort((a, b) => a.currency_code.localeCompare(b.currency_code));
  return {
    per_currency: perCurrency,
    home_converted: {
      currency_code: home.code,
      currency_symbol: home.symbol,
      currency_decimal_places: home.decimalPlaces,
      amount: formatMoney(homeTotal, home.decimalPlaces),
      fx_partial: missing > 0,
      missing_fx_count: missing,
      rate_date: rateDate,
    },
  };
}
