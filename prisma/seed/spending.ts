import type { FxSeries } from "./fx";
import { convertCents } from "./money";
import type { SeededRandom } from "./random";
import { booking, type TxRow } from "./rows";
import { HOME_SPENDING, TRIP_SPENDING, UK_ONLINE_SPENDING, UNCATEGORISED_SPENDING } from "./spending-kinds";
import type { AccountKey, DemoWorld } from "./setup";
import type { Trip } from "./schedule";

/**
 * Day-to-day spending: the part of the history that grows with the `transactions` option.
 * Amounts are skewed towards the low end of each range (most grocery runs are small).
 */

const HOME_WEIGHT = HOME_SPENDING.reduce((sum, kind) => sum + kind.weight, 0) + UK_ONLINE_SPENDING.weight;
const TRIP_WEIGHT = TRIP_SPENDING.reduce((sum, kind) => sum + kind.weight, 0);
const HOME_WITH_UK = [...HOME_SPENDING, UK_ONLINE_SPENDING];

function skewedCents(random: SeededRandom, minCents: number, maxCents: number): number {
  const u = random.next();
  return Math.round(minCents + (maxCents - minCents) * u * u);
}

export interface SpendingGenerator {
  /** One day-to-day row on `day`; `trip` is the trip in progress, if any. */
  next(day: string, trip: Trip | undefined): TxRow;
}

export function createSpendingGenerator(
  world: DemoWorld,
  fx: FxSeries,
  random: SeededRandom,
  ids: SeededRandom,
  uncategorisedShare: number,
): SpendingGenerator {
  const { accounts } = world;
  const categoryOf = (key: string | null) => (key ? world.category(key) : null);

  return {
    next(day, trip) {
      if (random.chance(uncategorisedShare)) {
        const pattern = random.pick(UNCATEGORISED_SPENDING);
        let cents = skewedCents(random, pattern.minCents, pattern.maxCents);
        if (pattern.description.startsWith("ATM")) cents = Math.max(2_000, Math.round(cents / 1_000) * 1_000);
        return booking(ids, {
          account: pattern.card ? accounts.creditCard : accounts.checking,
          date: day,
          amountCents: -cents,
          description: pattern.description,
        });
      }

      if (trip && random.chance(0.8)) {
        const kind = random.weighted(TRIP_SPENDING, TRIP_WEIGHT);
        const merchant = `${random.pick(kind.merchants)} ${trip.city}`;
        const localCents = -skewedCents(random, kind.minCents, kind.maxCents);
        const account = accounts[trip.account];
        if (trip.currency === "GBP") {
          const euroCents = convertCents(localCents, fx.toEur("GBP", day));
          return booking(ids, {
            account,
            date: day,
            amountCents: euroCents,
            description: merchant,
            counterparty: merchant,
            categoryId: categoryOf(kind.category),
            foreign: { cents: localCents, currencyId: world.currencies.GBP },
          });
        }
        return booking(ids, {
          account,
          date: day,
          amountCents: localCents,
          description: merchant,
          counterparty: merchant,
          categoryId: categoryOf(kind.category),
        });
      }

      const kind = random.weighted(HOME_WITH_UK, HOME_WEIGHT);
      const merchant = random.pick(kind.merchants);
      const cents = skewedCents(random, kind.minCents, kind.maxCents);
      const account: AccountKey = random.chance(kind.cardShare) ? "creditCard" : "checking";
      if (kind === UK_ONLINE_SPENDING) {
        const euroCents = convertCents(-cents, fx.toEur("GBP", day));
        return booking(ids, {
          account: accounts.creditCard,
          date: day,
          amountCents: euroCents,
          description: merchant,
          counterparty: merchant,
          categoryId: categoryOf(kind.category),
          foreign: { cents: -cents, currencyId: world.currencies.GBP },
        });
      }
      return booking(ids, {
        account: accounts[account],
        date: day,
        amountCents: kind.income ? cents : -cents,
        description: merchant,
        counterparty: merchant,
        categoryId: categoryOf(kind.category),
      });
    },
  };
}
