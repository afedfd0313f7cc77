/**
 * Deterministic data for bench:import: a semicolon CSV bank statement (date; description;
 * counterparty; amount with decimal comma) and the account's existing transactions in the same
 * date range, a share of which the file repeats (so the preview finds real duplicates).
 */

/** mulberry32: small, fast, deterministic. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS = [
  ["REWE Markt GmbH", "Berlin", "Groceries"],
  ["EDEKA Center Schmidt", "Hamburg", "Groceries"],
  ["Lidl Dienstleistung GmbH", "Neckarsulm", "Groceries"],
  ["ALDI SUED Filiale 0423", "Muenchen", "Groceries"],
  ["dm-drogerie markt", "Karlsruhe", "Household"],
  ["Rossmann Filiale 1187", "Hannover", "Household"],
  ["Deutsche Bahn Fernverkehr AG", "Frankfurt", "Travel"],
  ["Lufthansa Group", "Koeln", "Travel"],
  ["Shell Station 4471", "Stuttgart", "Fuel"],
  ["Aral Tankstelle", "Bochum", "Fuel"],
  ["Amazon EU S.a.r.l.", "Luxembourg", "Shopping"],
  ["Zalando SE", "Berlin", "Shopping"],
  ["Spotify AB", "Stockholm", "Subscriptions"],
  ["Netflix International B.V.", "Amsterdam", "Subscriptions"],
  ["Vodafone GmbH", "Duesseldorf", "Utilities"],
  ["Stadtwerke Muenchen GmbH", "Muenchen", "Utilities"],
  ["Allianz Versicherungs-AG", "Muenchen", "Insurance"],
  ["Restaurant Da Luigi", "Leipzig", "Restaurants"],
  ["Starbucks Coffee Deutschland", "Muenchen", "Restaurants"],
  ["Apotheke am Markt", "Dresden", "Health"],
  ["IKEA Deutschland GmbH", "Hofheim", "Household"],
  ["MediaMarkt Saturn", "Ingolstadt", "Electronics"],
  ["BVG Berliner Verkehrsbetriebe", "Berlin", "Transport"],
  ["Fitness First Germany", "Frankfurt", "Sports"],
] as const;
const KINDS = ["SEPA-Lastschrift", "Kartenzahlung", "Online-Zahlung", "Dauerauftrag", "Ueberweisung"] as const;
const INCOME = [
  ["ACME Industries GmbH", "Gehalt"],
  ["Finanzamt Berlin", "Steuererstattung"],
  ["Mueller Kathrin", "Rueckzahlung Urlaub"],
  ["PayPal Europe S.a.r.l.", "Auszahlung"],
] as const;

export const CATEGORY_NAMES = [...new Set(MERCHANTS.map((m) => m[2]))];

export interface BenchRow {
  date: string;
  description: string;
  counterparty: string;
  /** Signed, dot decimal, two places: "-12.30". */
  amount: string;
}

function day(start: string, offset: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

function reference(next: () => number): string {
  let text = "";
  for (let i = 0; i < 10; i += 1) text += "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[Math.floor(next() * 32)];
  return text;
}

/** One realistic row on a day of the range. */
function row(next: () => number, start: string, days: number): BenchRow {
  const date = day(start, Math.floor(next() * days));
  if (next() < 0.04) {
    const [payer, purpose] = INCOME[Math.floor(next() * INCOME.length)]!;
    const cents = 10_000 + Math.floor(next() * 400_000);
    return {
      date,
      description: `Gutschrift ${purpose} ${date.slice(0, 7)} Ref ${reference(next)}`,
      counterparty: payer,
      amount: (cents / 100).toFixed(2),
    };
  }
  const [merchant, city] = MERCHANTS[Math.floor(next() * MERCHANTS.length)]!;
  const kind = KINDS[Math.floor(next() * KINDS.length)]!;
  const cents = 100 + Math.floor(next() * 25_000);
  return {
    date,
    description: `${kind} ${merchant} ${city} ${date} Ref ${reference(next)}`,
    counterparty: merchant,
    amount: (-cents / 100).toFixed(2),
  };
}

/** "-1234.50" -> "-1.234,50" (German format, thousands dots). */
function germanAmount(amount: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = "00"] = amount.replace("-", "").split(".");
  return `${negative ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${fraction}`;
}

function quote(cell: string): string {
  return /[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export interface BenchData {
  csv: Buffer;
  existing: BenchRow[];
  /** How many rows of the file repeat an existing transaction (same date, amount and description). */
  repeated: number;
  firstDay: string;
  lastDay: string;
}

/**
 * `rows` statement rows and `existing` transactions, all on days in [start, start + days); every
 * `repeatEvery`-th existing transaction also appears in the file.
 */
export function generate(options: {
  rows: number;
  existing: number;
  start: string;
  days: number;
  repeatEvery: number;
  seed: number;
}): BenchData {
  const next = random(options.seed);
  const existing = Array.from({ length: options.existing }, () => row(next, options.start, options.days));
  const repeatedRows = existing.filter((_, index) => index % options.repeatEvery === 0);
  const fresh = Array.from({ length: Math.max(0, options.rows - repeatedRows.length) }, () =>
    row(next, options.start, options.days),
  );
  const fileRows = [...fresh, ...repeatedRows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const lines = ["Buchungstag;Verwendungszweck;Beguenstigter/Zahlungspflichtiger;Betrag"];
  for (const r of fileRows)
    lines.push(
      [r.date.split("-").reverse().join("."), r.description, r.counterparty, germanAmount(r.amount)]
        .map(quote)
        .join(";"),
    );
  return {
    csv: Buffer.from(`${lines.join("\n")}\n`, "utf8"),
    existing,
    repeated: repeatedRows.length,
    firstDay: options.start,
    lastDay: day(options.start, options.days - 1),
  };
}
