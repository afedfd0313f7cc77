/**
 * A workspace's categoriser, trained on its own categorised transactions: what a person did with
 * a merchant before is what they most likely want again. Two layers a person can follow:
 *  1. the same merchant text seen before (after merchantKey's clean-up): its most frequent category;
 *  2. otherwise a multinomial naive Bayes over the merchant words, word pairs, the counterparty, the
 *     direction and size of the amount, and the account (a salary paid to a name never seen before
 *     still looks like the salaries before it).
 * It answers a category with a confidence in [0, 1] and a reason in words, or nothing below
 * `minConfidence`. Counts are additive, so one categorisation is learned (or unlearned) at once.
 */
import { merchantWords } from "./merchant-text";

/** What the learner reads of a transaction. `amount` is a decimal string, negative for money out. */
export interface CategorisableRow {
  description: string;
  counterparty?: string | null;
  amount: string;
  accountId?: string | null;
}

export interface CategorySuggestion {
  categoryId: string;
  /** The learner's belief in [0, 1]: the merchant's share for a known merchant, the posterior otherwise. */
  confidence: number;
  /** In words, for a person: "like 14 earlier transactions “rewe”". */
  reason: string;
}

export interface LearnerOptions {
  /** Below it the learner answers nothing (default 0.35). */
  minConfidence?: number;
}

/** Laplace smoothing of the word counts: small, as most of a merchant's words are its own. */
const SMOOTHING = 0.1;
/** A known merchant decides when this share of its rows went to one category. */
const KNOWN_MERCHANT_SHARE = 0.6;

type Counts = Map<string, number>;

function add(counts: Counts, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

/** A row as the learner reads it, once per learn or suggest: its merchant key and every feature. */
interface RowReading {
  /** The description's merchant words, else the counterparty's: what the known-merchant look-up goes by. */
  key: string;
  /** Merchant words, word pairs, counterparty words, direction, size, account. */
  features: string[];
}

function readRow(row: CategorisableRow): RowReading {
  const words = merchantWords(row.description);
  const counterparty = merchantWords(row.counterparty);
  const amount = Number(row.amount);
  const features = [...words.map((w) => `w:${w}`), ...counterparty.map((w) => `c:${w}`)];
  for (let i = 1; i < words.length; i += 1) features.push(`b:${words[i - 1]} ${words[i]}`);
  if (Number.isFinite(amount) && amount !== 0) {
    features.push(amount < 0 ? "s:out" : "s:in");
    features.push(`a:${amount < 0 ? "-" : "+"}${Math.floor(Math.log2(Math.abs(amount)))}`);
  }
  if (row.accountId) features.push(`acct:${row.accountId}`);
  return { key: words.join(" ") || counterparty.join(" "), features };
}

export class CategoryLearner {
  private readonly minConfidence: number;
  private rows = 0;
  private readonly rowsPerCategory: Counts = new Map();
  private readonly featureCounts = new Map<string, Counts>();
  private readonly featuresPerCategory: Counts = new Map();
  private readonly featureRows: Counts = new Map();
  private readonly byMerchant = new Map<string, Counts>();

  constructor(options: LearnerOptions = {}) {
    this.minConfidence = options.minConfidence ?? 0.35;
  }

  /** A learner trained on `rows` (each with the category its person gave it). */
  static trainedOn(
    rows: Iterable<CategorisableRow & { categoryId: string }>,
    options: LearnerOptions = {},
  ): CategoryLearner {
    const learner = new CategoryLearner(options);
    for (const row of rows) learner.learn(row, row.categoryId);
    return learner;
  }

  /** Takes one categorised row into account (a categorisation the person just made, say). */
  learn(row: CategorisableRow, categoryId: string): void {
    this.count(row, categoryId, 1);
  }

  /** Takes back what `learn` took in (the person changed the row's category, or deleted it). */
  unlearn(row: CategorisableRow, categoryId: string): void {
    if (!this.rowsPerCategory.has(categoryId)) return;
    this.count(row, categoryId, -1);
  }

  /** How many categorised rows the learner holds. */
  get size(): number {
    return this.rows;
  }

  suggest(row: CategorisableRow): CategorySuggestion | null {
    if (this.rows === 0) return null;
    const reading = readRow(row);
    const suggestion = this.knownMerchant(reading) ?? this.naiveBayes(reading);
    return suggestion && suggestion.confidence >= this.minConfidence ? suggestion : null;
  }

  private count(row: CategorisableRow, categoryId: string, by: 1 | -1): void {
    this.rows += by;
    add(this.rowsPerCategory, categoryId, by);
    const { key, features: rowFeatures } = readRow(row);
    if (key !== "") {
      const merchant = this.byMerchant.get(key) ?? new Map<string, number>();
      add(merchant, categoryId, by);
      if (merchant.size === 0) this.byMerchant.delete(key);
      else this.byMerchant.set(key, merchant);
    }
    const counts = this.featureCounts.get(categoryId) ?? new Map<string, number>();
    for (const feature of rowFeatures) {
      add(counts, feature, by);
      add(this.featureRows, feature, by);
    }
    this.featureCounts.set(categoryId, counts);
    add(this.featuresPerCategory, categoryId, by * rowFeatures.length);
  }

  /** The category most of this merchant's earlier rows got, when most of them agree. */
  private knownMerchant({ key }: RowReading): CategorySuggestion | null {
    const merchant = key === "" ? undefined : this.byMerchant.get(key);
    if (!merchant) return null;
    let total = 0;
    let best: [string, number] | null = null;
    for (const entry of merchant) {
      total += entry[1];
      if (!best || entry[1] > best[1]) best = entry;
    }
    if (!best || best[1] / total < KNOWN_MERCHANT_SHARE) return null;
    const [categoryId, count] = best;
    // One earlier row is a good hint, more are near certainty: n / (n + 1) of the share.
    const confidence = (count / total) * (count / (count + 1)) + (count === 1 ? 0.25 : 0);
    const earlier = count === 1 ? "1 earlier transaction" : `${count} earlier transactions`;
    return { categoryId, confidence: Math.min(1, confidence), reason: `like ${earlier} “${key}”` };
  }

  private naiveBayes({ features }: RowReading): CategorySuggestion | null {
    const known = features.filter((feature) => this.featureRows.has(feature));
    if (known.length === 0) return null;
    const vocabulary = this.featureRows.size;
    const scores: Array<{ categoryId: string; logP: number }> = [];
    for (const [categoryId, rowCount] of this.rowsPerCategory) {
      const counts = this.featureCounts.get(categoryId);
      const denominator = (this.featuresPerCategory.get(categoryId) ?? 0) + SMOOTHING * vocabulary;
      let logP = Math.log(rowCount / this.rows);
      for (const feature of known) logP += Math.log(((counts?.get(feature) ?? 0) + SMOOTHING) / denominator);
      scores.push({ categoryId, logP });
    }
    scores.sort((a, b) => b.logP - a.logP);
    const top = scores[0];
    if (!top) return null;
    const evidence = scores.reduce((sum, score) => sum + Math.exp(score.logP - top.logP), 0);
    return { categoryId: top.categoryId, confidence: 1 / evidence, reason: this.wordsReason(top.categoryId, known) };
  }

  /** "like 5 earlier transactions with “office”, “depot”": the row's words this category saw most. */
  private wordsReason(categoryId: string, known: readonly string[]): string {
    const counts = this.featureCounts.get(categoryId);
    const words = [...new Set(known.filter((f) => f.startsWith("w:") || f.startsWith("c:")))]
      .map((feature) => ({ word: feature.slice(2), seen: counts?.get(feature) ?? 0 }))
      .filter(({ seen }) => seen > 0)
      .sort((a, b) => b.seen - a.seen)
      .slice(0, 3);
    if (words.length === 0) return "like earlier transactions of a similar amount";
    const seen = words[0]!.seen;
    const earlier = seen === 1 ? "1 earlier transaction" : `${seen} earlier transactions`;
    return `like ${earlier} with ${words.map(({ word }) => `“${word}”`).join(", ")}`;
  }
}
