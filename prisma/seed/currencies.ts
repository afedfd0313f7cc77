import type { Db } from "../../server/db/client";
import { CURRENCIES } from "../../server/domain/money/currency-catalogue";
import { nameBasedUuid } from "./random";

/** The same id for a currency on every installation, so demo data is reproducible across databases. */
function currencyId(code: string): string {
  return nameBasedUuid("currency", code);
}

/**
 * Inserts the catalogue's missing currencies (existing rows, and their ids, stay as they are)
 * and returns every currency's id by code. Safe to run on every start and concurrently.
 */
export async function ensureCurrencies(db: Db): Promise<Map<string, string>> {
  const codes = CURRENCIES.map((currency) => currency.code);
  // No conflict target: id and code both derive from the code, so a concurrent start may hit either.
  await db.sql.query(
    `INSERT INTO currencies (id, code, name, symbol, decimal_places)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[])
     ON CONFLICT DO NOTHING`,
    [
      CURRENCIES.map((currency) => currencyId(currency.code)),
      codes,
      CURRENCIES.map((currency) => currency.name),
      CURRENCIES.map((currency) => currency.symbol),
      CURRENCIES.map((currency) => currency.decimalPlaces),
    ],
  );
  const rows = await db.sql.query<{ id: string; code: string }>("SELECT id, code FROM currencies");
  return new Map(rows.map((row) => [row.code.trim(), row.id]));
}
