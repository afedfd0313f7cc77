import type { FxSeries } from "./fx";
import { convertCents } from "./money";
import type { SeededRandom } from "./random";
import { booking, type TxRow } from "./rows";
import type { AccountKey, DemoWorld } from "./setup";
import type { Trip } from "./schedule";

/**
 * Day-to-day spending: the part of the history that grows with the `transactions` option.
 * Amounts are skewed towards the low end of each range (most grocery runs are small).
 */

interface SpendingKind {
  weight: number;
  category: string | null;
  merchants: readonly string[];
  minCents: number;
  maxCents: number;
  /** Share paid by credit card instead of the checking account. */
  cardShare: number;
  income?: boolean;
}

const HOME: readonly SpendingKind[] = [
  {
    weight: 28,
    category: "groceries",
    merchants: ["REWE", "EDEKA", "Lidl", "Aldi Sued", "Denns BioMarkt", "Baeckerei Siebert"],
    minCents: 250,
    maxCents: 6_500,
    cardShare: 0.1,
  },
  {
    weight: 9,
    category: "restaurants",
    merchants: ["Trattoria Da Enzo", "Curry 36", "Pho Saigon", "Burgermeister", "Lieferando"],
    minCents: 900,
    maxCents: 5_500,
    cardShare: 0.35,
  },
  {
    weight: 13,
    category: "coffee",
    merchants: ["Bonanza Coffee", "The Barn", "Starbucks Alexanderplatz"],
    minCents: 280,
    maxCents: 690,
    cardShare: 0.2,
  },
  {
    weight: 12,
    category: "public_transport",
    merchants: ["BVG Ticket", "DB Fernverkehr", "BVG App"],
    minCents: 320,
    maxCents: 2_900,
    cardShare: 0.3,
  },
  {
    weight: 3,
    category: "taxi",
    merchants: ["Bolt", "FREE NOW", "Uber"],
    minCents: 900,
    maxCents: 3_200,
    cardShare: 0.8,
  },
  {
    weight: 2,
    category: "fuel",
    merchants: ["Aral", "Shell", "Total Energies"],
    minCents: 3_000,
    maxCents: 7_000,
    cardShare: 0.5,
  },
  {
    weight: 5,
    category: "shopping",
    merchants: ["Amazon.de", "Otto", "Tchibo", "IKEA"],
    minCents: 799,
    maxCents: 9_900,
    cardShare: 0.7,
  },
  {
    weight: 2,
    category: "clothing",
    merchants: ["Zalando", "H&M", "Uniqlo"],
    minCents: 1_999,
    maxCents: 11_000,
    cardShare: 0.7,
  },
  {
    weight: 0.6,
    category: "electronics",
    merchants: ["MediaMarkt", "Saturn", "Cyberport"],
    minCents: 1_999,
    maxCents: 29_900,
    cardShare: 0.8,
  },
  {
    weight: 4,
    category: "health",
    merchants: ["Apotheke am Markt", "DocMorris", "Dr. Hartmann Praxis"],
    minCents: 395,
    maxCents: 4_500,
    cardShare: 0.1,
  },
  {
    weight: 3,
    category: "personal_care",
    merchants: ["dm-drogerie markt", "Rossmann", "Friseur Schnittpunkt"],
    minCents: 299,
    maxCents: 4_200,
    cardShare: 0.1,
  },
  {
    weight: 3,
    category: "household",
    merchants: ["Bauhaus", "OBI", "Action"],
    minCents: 399,
    maxCents: 5_500,
    cardShare: 0.3,
  },
  {
    weight: 3,
    category: "entertainment",
    merchants: ["Yorck Kino", "Eventim", "Berghain", "Thalia"],
    minCents: 900,
    maxCents: 5_500,
    cardShare: 0.6,
  },
  {
    weight: 1.5,
    category: "gifts",
    merchants: ["Blumen Koch", "Geschenkeladen Mitte", "UNICEF Spende"],
    minCents: 1_500,
    maxCents: 7_000,
    cardShare: 0.3,
  },
  {
    weight: 2.5,
    category: "pets",
    merchants: ["Fressnapf", "Tierarzt Dr. Wolf", "Zooplus"],
    minCents: 699,
    maxCents: 5_500,
    cardShare: 0.2,
  },
  {
    weight: 0.4,
    category: "fees",
    merchants: ["Kontofuehrungsgebuehr", "Auslandseinsatzentgelt"],
    minCents: 150,
    maxCents: 690,
    cardShare: 0,
  },
  {
    weight: 1,
    category: "refunds",
    merchants: ["Amazon.de Erstattung", "Zalando Retoure", "DB Fahrgastrechte"],
    minCents: 500,
    maxCents: 6_000,
    cardShare: 0.5,
    income: true,
  },
];

/** Online shops in the UK: paid by card in GBP, booked in EUR with the GBP amount as foreign amount. */
const UK_ONLINE: SpendingKind = {
  weight: 1,
  category: "shopping",
  merchants: ["ASOS.com London", "Amazon.co.uk", "Etsy UK"],
  minCents: 1_200,
  maxCents: 8_500,
  cardShare: 1,
};

const TRIP: readonly SpendingKind[] = [
  {
    weight: 10,
    category: "restaurants",
    merchants: ["Local diner", "Food market", "Seafood bar", "Pizzeria"],
    minCents: 1_200,
    maxCents: 8_000,
    cardShare: 0,
  },
  {
    weight: 6,
    category: "coffee",
    merchants: ["Corner cafe", "Espresso bar"],
    minCents: 300,
    maxCents: 900,
    cardShare: 0,
  },
  {
    weight: 5,
    category: "public_transport",
    merchants: ["Metro ticket", "City bus"],
    minCents: 250,
    maxCents: 3_400,
    cardShare: 0,
  },
  { weight: 3, category: "taxi", merchants: ["Uber", "Yellow cab"], minCents: 1_500, maxCents: 6_000, cardShare: 0 },
  {
    weight: 3,
    category: "travel",
    merchants: ["Hotel", "Museum tickets", "City tour"],
    minCents: 2_000,
    maxCents: 22_000,
    cardShare: 0,
  },
  {
    weight: 3,
    category: "shopping",
    merchants: ["Souvenir shop", "Department store"],
    minCents: 900,
    maxCents: 9_000,
    cardShare: 0,
  },
  {
    weight: 3,
    category: "groceries",
    merchants: ["Supermarket", "Convenience store"],
    minCents: 400,
    maxCents: 4_500,
    cardShare: 0,
  },
];

/** Repetitive bank texts without a category: the clusters the uncategorised report finds. */
const UNCATEGORISED: readonly { description: string; minCents: number; maxCents: number; card: boolean }[] = [
  { description: "SUMUP *KIOSK AM HBF", minCents: 150, maxCents: 900, card: false },
  { description: "PAYPAL *EBAY DE", minCents: 500, maxCents: 4_500, card: true },
  { description: "CARD 4471 VENDING MACHINE", minCents: 150, maxCents: 400, card: false },
  { description: "LASTSCHRIFT ONLINE-HANDEL", minCents: 900, maxCents: 5_900, card: false },
  { description: "ATM WITHDRAWAL SPARKASSE", minCents: 2_000, maxCents: 10_000, card: false },
];

const HOME_WEIGHT = HOME.reduce((sum, kind) => sum + kind.weight, 0) + UK_ONLINE.weight;
const TRIP_WEIGHT = TRIP.reduce((sum, kind) => sum + kind.weight, 0);
const HOME_WITH_UK = [...HOME, UK_ONLINE];

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
        const pattern = random.pick(UNCATEGORISED);
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
        const kind = random.weighted(TRIP, TRIP_WEIGHT);
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
      if (kind === UK_ONLINE) {
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
