import Decimal from "decimal.js";
import type { SqlExecutor } from "../../server/db/client";
import { addDays, dayOfWeek, daysBetween } from "../../server/domain/time/calendar";
import { nameBasedUuid, SeededRandom } from "./random";

/**
 * Demo FX rates: one fixing per weekday (like a central bank), EUR/USD around 1.08 and
 * EUR/GBP around 0.86, as a mean-reverting random walk. The walk starts at a fixed epoch, so a
 * date's rate does not depend on the day the demo was seeded.
 */

const FX_SOURCE = "demo";
const WALK_EPOCH = "2020-01-01";

interface WalkSpec {
  quote: "USD" | "GBP";
  mean: number;
  reversion: number;
  volatility: number;
}

const WALKS: readonly WalkSpec[] = [
  { quote: "USD", mean: 1.08, reversion: 0.02, volatility: 0.0038 },
  { quote: "GBP", mean: 0.86, reversion: 0.02, volatility: 0.0017 },
];

interface FxFixing {
  day: string;
  /** 1 EUR = eurToQuote units of the quote currency, 4 decimal places as published. */
  eurTo: Record<"USD" | "GBP", string>;
}

export interface FxSeries {
  fixings: FxFixing[];
  /** Units of EUR for one unit of `code` on `day`: that day's fixing or the latest earlier one. */
  toEur(code: "USD" | "GBP", day: string): number;
}

/** The fixings for every weekday in [from, to]. */
export function buildFxSeries(from: string, to: string): FxSeries {
  const walkStart = daysBetween(WALK_EPOCH, from) < 0 ? from : WALK_EPOCH;
  const random = new SeededRandom("fx-walk");
  const levels = WALKS.map((walk) => walk.mean);
  const fixings: FxFixing[] = [];
  const total = daysBetween(walkStart, to);
  for (let offset = 0; offset <= total; offset += 1) {
    const day = addDays(walkStart, offset);
    const weekday = dayOfWeek(day);
    if (weekday === 0 || weekday === 6) continue;
    WALKS.forEach((walk, index) => {
      const level = levels[index] ?? walk.mean;
      levels[index] = level + walk.reversion * (walk.mean - level) + walk.volatility * random.normal();
    });
    if (daysBetween(from, day) < 0) continue;
    fixings.push({
      day,
      eurTo: { USD: (levels[0] ?? 1.08).toFixed(4), GBP: (levels[1] ?? 0.86).toFixed(4) },
    });
  }

  const byDay = new Map(fixings.map((fixing) => [fixing.day, fixing]));
  return {
    fixings,
    toEur(code, day) {
      // Weekends and holidays use the latest earlier fixing (at most a few days back).
      for (let back = 0; back < 10; back += 1) {
        const fixing = byDay.get(addDays(day, -back));
        if (fixing) return 1 / Number(fixing.eurTo[code]);
      }
      const mean = WALKS.find((walk) => walk.quote === code)?.mean ?? 1;
      return 1 / mean;
    },
  };
}

interface FxRow {
  id: string;
  from: string;
  to: string;
  day: string;
  rate: string;
}

/** Rows for both directions: EUR->X as published and X->EUR as its inverse (10 places). */
export function fxRows(series: FxSeries, currencyIds: Map<string, string>): FxRow[] {
  const id = (code: string): string => {
    const value = currencyIds.get(code);
    if (!value) throw new Error(`Currency ${code} is missing; run ensureCurrencies first`);
    return value;
  };
  const eur = id("EUR");
  const rows: FxRow[] = [];
  for (const fixing of series.fixings) {
    for (const quote of ["USD", "GBP"] as const) {
      const rate = new Decimal(fixing.eurTo[quote]);
      const inverse = new Decimal(1).div(rate).toDecimalPlaces(10);
      rows.push({
        id: nameBasedUuid("fx", `EUR:${quote}:${fixing.day}`),
        from: eur,
        to: id(quote),
        day: fixing.day,
        rate: rate.toFixed(4),
      });
      rows.push({
        id: nameBasedUuid("fx", `${quote}:EUR:${fixing.day}`),
        from: id(quote),
        to: eur,
        day: fixing.day,
        rate: inverse.toFixed(10),
      });
    }
  }
  return rows;
}

/**
 * Replaces the demo's rates. FX rates are shared by all workspaces; a rate from another source
 * for the same pair and day is kept (ON CONFLICT DO NOTHING). Returns the rows written.
 */
export async function writeFxRates(sql: SqlExecutor, rows: FxRow[], createdAt: Date): Promise<number> {
  await sql.query("DELETE FROM fx_rates WHERE source = $1", [FX_SOURCE]);
  const inserted = await sql.query<{ id: string }>(
    `INSERT INTO fx_rates (id, from_currency_id, to_currency_id, rate_date, rate, source, created_at)
     SELECT u.*, $6::text, $7::timestamptz
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::date[], $5::numeric[]) AS u
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      rows.map((row) => row.id),
      rows.map((row) => row.from),
      rows.map((row) => row.to),
      rows.map((row) => row.day),
      rows.map((row) => row.rate),
      FX_SOURCE,
      createdAt.toISOString(),
    ],
  );
  return inserted.length;
}
