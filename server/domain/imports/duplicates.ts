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

/** Why a row is a duplicate (docs/api.md "Statement imports"). */
export const DUPLICATE_REASONS = [
  "external_id",
  "same_date_amount_text",
  "near_date_same_amount_similar_text",
  "repeated_in_file",
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export type DuplicateOf = ({ kind: "transaction"; id: string } | { kind: "row"; row: number }) & {
  reason: DuplicateReason;
  /** Days between the row and what it duplicates; null when the bank id alone decided and no date was compared. */
  dayDistance: number | null;
  /** Of the description words, shared / all (Jaccard, 2 places); null when the bank id alone decided. */
  similarity: number | null;
};

const STOP_WORDS = new Set([
  "sepa",
  "lastschrift",
  "kartenzahlung",
  "card",
  "payment",
  "purchase",
  "pos",
  "debit",
  "credit",
  "the",
  "und",
  "and",
]);

/** Lower case without accents; ASCII text (most descriptions) skips the costly normalisation. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/** Lower-case words of a description without numbers, punctuation and banking noise words. */
export function descriptionTokens(description: string): Set<string> {
  const words = foldText(description)
    .split(/[^a-z]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return new Set(words);
}

/** Jaccard >= 0.5 of the description words, or every word of the shorter one in the longer one. */
export function similarDescriptions(a: string, b: string): boolean {
  return tokensSimilar(descriptionTokens(a), descriptionTokens(b));
}

/**
 * The key of an amount, so "12.3" and "12.30" share one: for two decimals or fewer (nearly every
 * amount) the amount in hundredths, a small integer; for more, the number (never a whole number of
 * hundredths, so the two kinds cannot meet); past 15 digits, the exact decimal text. Keys are per currency.
 */
function amountKey(amount: string): number | string {
  const first = amount.charCodeAt(0);
  const signed = first === 45 || first === 43;
  const dot = amount.indexOf(".");
  const digits = amount.length - (signed ? 1 : 0) - (dot === -1 ? 0 : 1);
  if (digits <= 15 && /^[-+]?\d+(?:\.\d*)?$/.test(amount)) {
    let end = amount.length;
    while (dot !== -1 && end > dot + 1 && amount.charCodeAt(end - 1) === 48) end--;
    const decimals = dot === -1 ? 0 : end - dot - 1;
    const value = Number(amount);
    return decimals <= 2 ? Math.round(value * 100) : value;
  }
  const negative = amount.startsWith("-");
  const [whole = "", fraction = ""] = amount.replace(/^[-+]/, "").split(".");
  const wholeDigits = whole.replace(/^0+(?=\d)/, "") || "0";
  const fractionDigits = fraction.replace(/0+$/, "");
  const short = `${negative ? "-" : ""}${wholeDigits}${fractionDigits ? `.${fractionDigits}` : ""}`;
  // Long only by its zeros (or short of a leading 0): the key of its short form.
  if (short !== amount && wholeDigits.length + fractionDigits.length <= 15 && /^-?\d+(?:\.\d+)?$/.test(short))
    return amountKey(short);
  const significant = `${wholeDigits}.${fractionDigits}`;
  return `${negative && significant !== "0." ? "-" : ""}${significant}`;
}

/** A map keyed by currency and amount. */
class ByAmount<T> {
  private readonly currencies = new Map<string, Map<number | string, T>>();
  get(currencyCode: string, amount: number | string): T | undefined {
    return this.currencies.get(currencyCode)?.get(amount);
  }
  set(currencyCode: string, amount: number | string, value: T): void {
    let amounts = this.currencies.get(currencyCode);
    if (!amounts) this.currencies.set(currencyCode, (amounts = new Map()));
    amounts.set(amount, value);
  }
}

/** The words' Jaccard similarity, and whether it is enough: >= 0.5, or every word of the shorter text in the longer. */
function tokenSimilarity(left: Set<string>, right: Set<string>): { score: number; similar: boolean } {
  if (left.size === 0 || right.size === 0) {
    const same = left.size === right.size;
    return { score: same ? 1 : 0, similar: same };
  }
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  const score = shared / (left.size + right.size - shared);
  return { score, similar: score >= 0.5 || shared === Math.min(left.size, right.size) };
}

function tokensSimilar(left: Set<string>, right: Set<string>): boolean {
  return tokenSimilarity(left, right).similar;
}

interface PreparedExisting {
  transaction: ExistingTransaction;
  day: number;
  /** Its description's words, read when a row of the same amount is compared with it. */
  tokens: Set<string> | null;
  /** It absorbed a row already. */
  used: boolean;
}

const wordsKey = (tokens: Set<string>) => [...tokens].join(" ");

/**
 * A duplicate check for a file's rows, called once per row in file order: what the row duplicates,
 * an existing transaction or an earlier row, or null. Existing transactions are grouped by
 * currency and amount once, so each row compares only with the few of its own amount: the cost
 * grows with rows + transactions, not their product. Description words are read only for the
 * rows and transactions that share an amount (and, inside the file, a day too).
 */
export function duplicateChecker(existing: ExistingTransaction[]): (row: CandidateRow) => DuplicateOf | null {
  const days = new Map<string, number>();
  const dayNumber = (day: string): number => {
    let number = days.get(day);
    if (number === undefined) days.set(day, (number = Date.parse(`${day}T00:00:00Z`) / 86_400_000));
    return number;
  };
  const byExternalId = new Map(existing.filter((t) => t.externalId).map((t) => [t.externalId!, t]));
  const byAmount = new ByAmount<PreparedExisting[]>();
  for (const transaction of existing) {
    const key = amountKey(transaction.amount);
    const group = byAmount.get(transaction.currencyCode, key);
    const prepared = { transaction, day: dayNumber(transaction.date), tokens: null, used: false };
    if (group) group.push(prepared);
    else byAmount.set(transaction.currencyCode, key, [prepared]);
  }
  const seenIds = new Map<string, number>();
  /**
   * Rows without a bank id, to find identical rows later in the file: by day, currency and amount,
   * the index (or indexes, when their words differ) into the arrays below. Numbers, not an object
   * per row: 100k rows kept that way cost the garbage collector a tenth of a second.
   */
  const seenWithoutId = new Map<number, ByAmount<number | number[]>>();
  const seenRows: number[] = [];
  const seenDescriptions: string[] = [];
  /** Their description's words joined, read when a later row has the same day and amount. */
  const seenWords: Array<string | undefined> = [];
  const wordsOfSeen = (index: number) => (seenWords[index] ??= wordsKey(descriptionTokens(seenDescriptions[index]!)));
  const remember = (row: CandidateRow, words: string | undefined): number => {
    seenRows.push(row.row);
    seenDescriptions.push(row.description);
    seenWords.push(words);
    return seenRows.length - 1;
  };

  return (row) => {
    let found: DuplicateOf | null = null;
    if (row.externalId) {
      const match = byExternalId.get(row.externalId);
      if (match)
        found = {
          kind: "transaction",
          id: match.id,
          reason: "external_id",
          dayDistance: Math.abs(dayNumber(row.date) - dayNumber(match.date)),
          similarity: null,
        };
      else if (seenIds.has(row.externalId))
        found = {
          kind: "row",
          row: seenIds.get(row.externalId)!,
          reason: "external_id",
          dayDistance: null,
          similarity: null,
        };
      else seenIds.set(row.externalId, row.row);
    }
    // The row's words, read at most once and only when a row or transaction of its amount is compared.
    let tokens = row.tokens ?? null;
    const amount = amountKey(row.amount);
    const day = dayNumber(row.date);
    const candidates = found ? undefined : byAmount.get(row.currencyCode, amount);
    if (candidates) {
      // Fuzzy match among the transactions of the same amount; each absorbs at most one row.
      for (const candidate of candidates) {
        const { transaction } = candidate;
        if (candidate.used) continue;
        if (row.externalId && transaction.externalId && row.externalId !== transaction.externalId) continue;
        const dayDistance = Math.abs(day - candidate.day);
        if (dayDistance > DUPLICATE_WINDOW_DAYS) continue;
        const { score, similar } = tokenSimilarity(
          (tokens ??= descriptionTokens(row.description)),
          (candidate.tokens ??= descriptionTokens(transaction.description)),
        );
        if (!similar) continue;
        candidate.used = true;
        const same = dayDistance === 0 && score === 1;
        found = {
          kind: "transaction",
          id: transaction.id,
          reason: same ? "same_date_amount_text" : "near_date_same_amount_similar_text",
          dayDistance,
          similarity: Math.round(score * 100) / 100,
        };
        break;
      }
    }
    if (!row.externalId) {
      // Identical rows: the same day, amount and description words as an earlier row without an id.
      let sameDay = seenWithoutId.get(day);
      if (!sameDay) seenWithoutId.set(day, (sameDay = new ByAmount()));
      const earlier = sameDay.get(row.currencyCode, amount);
      if (earlier === undefined) {
        sameDay.set(row.currencyCode, amount, remember(row, tokens ? wordsKey(tokens) : undefined));
      } else {
        const words = wordsKey(tokens ?? descriptionTokens(row.description));
        const indexes = typeof earlier === "number" ? [earlier] : earlier;
        const twin = indexes.find((index) => wordsOfSeen(index) === words);
        if (twin === undefined) sameDay.set(row.currencyCode, amount, [...indexes, remember(row, words)]);
        else if (!found)
          found = { kind: "row", row: seenRows[twin]!, reason: "repeated_in_file", dayDistance: 0, similarity: 1 };
      }
    }
    return found;
  };
}

/** For each candidate row (by its `row` number), what it duplicates (or null); see `duplicateChecker`. */
export function detectDuplicates(
  rows: CandidateRow[],
  existing: ExistingTransaction[],
): Map<number, DuplicateOf | null> {
  const check = duplicateChecker(existing);
  return new Map(rows.map((row) => [row.row, check(row)]));
}
