/** The kinds of day-to-day spending the demo draws from: categories, merchants and amount ranges. */

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

/** Spending at home, by category; `weight` is how often a kind comes up against the others. */
export const HOME_SPENDING: readonly SpendingKind[] = [
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
export const UK_ONLINE_SPENDING: SpendingKind = {
  weight: 1,
  category: "shopping",
  merchants: ["ASOS.com London", "Amazon.co.uk", "Etsy UK"],
  minCents: 1_200,
  maxCents: 8_500,
  cardShare: 1,
};

/** Spending on the days of a trip, booked on the trip's account. */
export const TRIP_SPENDING: readonly SpendingKind[] = [
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
export const UNCATEGORISED_SPENDING: readonly {
  description: string;
  minCents: number;
  maxCents: number;
  card: boolean;
}[] = [
  { description: "SUMUP *KIOSK AM HBF", minCents: 150, maxCents: 900, card: false },
  { description: "PAYPAL *EBAY DE", minCents: 500, maxCents: 4_500, card: true },
  { description: "CARD 4471 VENDING MACHINE", minCents: 150, maxCents: 400, card: false },
  { description: "LASTSCHRIFT ONLINE-HANDEL", minCents: 900, maxCents: 5_900, card: false },
  { description: "ATM WITHDRAWAL SPARKASSE", minCents: 2_000, maxCents: 10_000, card: false },
];
