/**
 * Duplicate detection for statement rows (CONTRACT "Imports"): a row is a duplicate of an existing
 * transaction of the same account when the bank's own id matches, or else when amount and
 * currency are equal, the dates are at most 3 days apart and the descriptions are similar. Inside
 * one file a repeated bank id is a duplicate; rows without ids that are identical are flagged too,
 * while identical rows with different bank ids are two real transactions and both are kept.
 */

export const DUPLICATE_WINDOW_DAYS = 3;

export interface CandidateRow {
  row: number;
  date: string;
  amount: string;
  currencyCode: string;
  description: string;
  externalId: string | null;
}

export interface ExistingTransaction {
  id: string;
  date: string;
  amount: string;
  currencyCode: string;
  description: string;
  externalId: string | null;
}

export type DuplicateOf = { kind: "transaction"; id: string } | { kind: "row"; row: number };

const STOP_WORDS = new Set(["sepa", "lastschrift", "kartenzahlung", "card", "payment", "purchase", "pos", "debit", "credit", "the", "und", "and"]);

/** Lower-case words of a description without numbers, punctuation and banking noise words. */
export function descriptionTokens(description: string): Set<string> {
  const words = description
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return new Set(words);
}

export function similarDescriptions(a: string, b: string): boolean {
  const left = descriptionTokens(a);
  const right = descriptionTokens(b);
  if (left.size === 0 || right.size === 0) return left.size === right.size;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  // Jaccard >= 0.5, or every word of the shorter one appears in the longer one.
  return shared / (left.size + right.size - shared) >= 0.5 || shared === Math.min(left.size, right.size);
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

function sameMoney(a: { amount: string; currencyCode: string }, b: { amount: string; currencyCode: string }): boolean {
  return a.currencyCode === b.currencyCode && compareDecimal(a.amount, b.amount);
}

/** Exact decimal equality of two decimal strings ("12.3" equals "12.30"). */
function compareDecimal(a: string, b: string): boolean {
  const normalise = (value: string) => {
    const negative = value.startsWith("-");
    const [whole = "0", fraction = ""] = value.replace(/^[-+]/, "").split(".");
    const digits = `${whole.replace(/^0+(?=\d)/, "")}.${fraction.replace(/0+$/, "")}`;
    return digits === "0." ? "0." : `${negative ? "-" : ""}${digits}`;
  };
  return normalise(a) === normalise(b);
}

/** For each candidate row, what it duplicates (or null). */
export function detectDuplicates(rows: CandidateRow[], existing: ExistingTransaction[]): Map<number, DuplicateOf | null> {
  const result = new Map<number, DuplicateOf | null>();
  const byExternalId = new Map(existing.filter((t) => t.externalId).map((t) => [t.externalId!, t]));
  const seenIds = new Map<string, number>();
  const seenWithoutId = new Map<string, number>();
  const used = new Set<string>();

  for (const row of rows) {
    let found: DuplicateOf | null = null;
    if (row.externalId) {
      const match = byExternalId.get(row.externalId);
      if (match) found = { kind: "transaction", id: match.id };
      else if (seenIds.has(row.externalId)) found = { kind: "row", row: seenIds.get(row.externalId)! };
      else seenIds.set(row.externalId, row.row);
    }
    if (!found) {
      // Fuzzy match against existing rows; an existing transaction absorbs at most one row.
      const match = existing.find(
        (candidate) =>
          !used.has(candidate.id) &&
          !(row.externalId && candidate.externalId && row.externalId !== candidate.externalId) &&
          sameMoney(row, candidate) &&
          Math.abs(dayNumber(row.date) - dayNumber(candidate.date)) <= DUPLICATE_WINDOW_DAYS &&
          similarDescriptions(row.description, candidate.description),
      );
      if (match) {
        used.add(match.id);
        found = { kind: "transaction", id: match.id };
      }
    }
    if (!row.externalId) {
      const signature = `${row.date}|${row.currencyCode}|${row.amount}|${[...descriptionTokens(row.description)].join(" ")}`;
      const earlier = seenWithoutId.get(signature);
      if (earlier === undefined) seenWithoutId.set(signature, row.row);
      else if (!found) found = { kind: "row", row: earlier };
    }
    result.set(row.row, found);
  }
  return result;
}
