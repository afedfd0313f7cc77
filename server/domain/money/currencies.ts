import type { Db } from "../../db";

export interface CurrencyInfo {
  id: string;
  code: string;
  symbol: string;
  decimalPlaces: number;
}

/** The currency catalogue by id; it changes only with a deployment, so one read per process. */
let catalogue: Promise<Map<string, CurrencyInfo>> | undefined;

export function currencyCatalogue(db: Db): Promise<Map<string, CurrencyInfo>> {
  catalogue ??= db.prisma.currency
    .findMany({ select: { id: true, code: true, symbol: true, decimalPlaces: true } })
    .then((rows) => new Map(rows.map((row) => [row.id, { ...row, code: row.code.trim() }])))
    .catch((error) => {
      catalogue = undefined;
      throw error;
    });
  return catalogue;
}

/** Drops the catalogue read so far (tests: the next file's database has its own currency rows). */
export function forgetCurrencyCatalogue(): void {
  catalogue = undefined;
}

export async function currencyById(db: Db, id: string): Promise<CurrencyInfo> {
  const found = (await currencyCatalogue(db)).get(id);
  if (found) return found;
  // A currency added after the catalogue was read: read again once.
  catalogue = undefined;
  const again = (await currencyCatalogue(db)).get(id);
  if (!again) throw new Error(`Unknown currency ${id}`);
  return again;
}

/** The currency object of the API: {id, code, symbol, decimal_places}. */
export function currencyObject(currency: CurrencyInfo) {
  return { id: currency.id, code: currency.code, symbol: currency.symbol, decimal_places: currency.decimalPlaces };
}
