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
  /** `descriptionTokens(description)`, when the caller has them already. */
  tokens?: Set<string>;
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
  const lower = description.toLowerCase();
  // ASCII text has no accents to strip, and most descriptions are ASCII: skip the costly normalisation.
  const folded = /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const words = folded.split(/[^a-z]+/).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return new Set(words);
}

/** Jaccard >= 0.5 of the description words, or every word of the shorter one in the longer one. */
export function similarDescriptions(a: string, b: string): boolean {
  return tokensSimilar(descriptionTokens(a), descriptionTokens(b));
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** Exact decimal text of an amount, so "12.3" and "12.30" share a key. */
function amountKey(currencyCode: string, amount: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace(/^[-+]/, "").split(".");
  const digits = `${whole.replace(/^0+(?=\d)/, "")}.${fraction.replace(/0+$/, "")}`;
  return `${currencyCode}|${negative && digits !== "0." ? "-" : ""}${digits}`;
}

function tokensSimilar(left: Set<string>, right: Set<string>): boolean {
  if (left.size === 0 || right.size === 0) return left.size === right.size;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared) >= 0.5 || shared === Math.min(left.size, right.size);
}

interface PreparedExisting {
  transaction: ExistingTransaction;
  day: number;
  tokens: Set<string>;
}

/**
 * A duplicate check for a file's rows, called once per row in file order: what the row duplicates,
 * an existing transaction or an earlier row, or null. Existing transactions are grouped by
 * currency and amount once, so each row compares only with the few of its own amount: the cost
 * grows with rows + transactions, not their product.
 */
export function duplicateChecker(existing: ExistingTransaction[]): (row: CandidateRow) => DuplicateOf | null {
  const byExternalId = new Map(existing.filter((t) => t.externalId).map((t) => [t.externalId!, t]));
  const byAmount = new Map<string, PreparedExisting[]>();
  for (const transaction of existing) {
    const key = amountKey(transaction.currencyCode, transaction.amount);
    const group = byAmount.get(key) ?? [];
    group.push({ transaction, day: dayNumber(transaction.date), tokens: descriptionTokens(transaction.description) });
    byAmount.set(key, group);
  }
  const seenIds = new Map<string, number>();
  const seenWithoutId = new Map<string, number>();
  const used = new Set<string>();

  return (row) => {
    let found: DuplicateOf | null = null;
    if (row.externalId) {
      const match = byExternalId.get(row.externalId);
      if (match) found = { kind: "transaction", id: match.id };
      else if (seenIds.has(row.externalId)) found = { kind: "row", row: seenIds.get(row.externalId)! };
      else seenIds.set(row.externalId, row.row);
    }
    const tokens = row.tokens ?? descriptionTokens(row.description);
    const amount = amountKey(row.currencyCode, row.amount);
    if (!found) {
      // Fuzzy match among the transactions of the same amount; each absorbs at most one row.
      const day = dayNumber(row.date);
      const match = (byAmount.get(amount) ?? []).find(
        (candidate) =>
          !used.has(candidate.transaction.id) &&
          !(row.externalId && candidate.transaction.externalId && row.externalId !== candidate.transaction.externalId) &&
          Math.abs(day - candidate.day) <= DUPLICATE_WINDOW_DAYS &&
          tokensSimilar(tokens, candidate.tokens),
      );
      if (match) {
        used.add(match.transaction.id);
        found = { kind: "transaction", id: match.transaction.id };
      }
    }
    if (!row.externalId) {
      const signature = `${row.date}|${amount}|${[...tokens].join(" ")}`;
      const earlier = seenWithoutId.get(signature);
      if (earlier === undefined) seenWithoutId.set(signature, row.row);
      else if (!found) found = { kind: "row", row: earlier };
    }
    return found;
  };
}

/** For each candidate row (by its `row` number), what it duplicates (or null); see `duplicateChecker`. */
export function detectDuplicates(rows: CandidateRow[], existing: ExistingTransaction[]): Map<number, DuplicateOf | null> {
  const check = duplicateChecker(existing);
  return new Map(rows.map((row) => [row.row, check(row)]));
}
