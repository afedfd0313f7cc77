/**
 * A workspace's categoriser, trained on its own categorised transactions: what a person did with
 * a merchant before is what they most likely want again. Three layers a person can follow:
 *  1. the same merchant text seen before (after merchantKey's clean-up): the category most of its
 *     rows got, or the one its latest rows agree on when the person changed their mind;
 *  2. the same merchant under a longer or shorter text (the first words agree: "BETA BOULDERS COPE"
 *     and "Beta Boulders Copenhagen Vanloese");
 *  3. otherwise a naive Bayes over the merchant words, word pairs, character trigrams (spelling and
 *     truncation vary), the counterparty, the direction and size of the amount, and the account.
 * It answers a category with a confidence in [0, 1] and a reason in words, or nothing below
 * `minConfidence`. Counts are additive, so one categorisation is learned (or unlearned) at once.
 */
import { merchantGrams, merchantWords } from "./merchant-text";

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

/** Additive smoothing of the feature counts: small, as most of a merchant's features are its own. */
const SMOOTHING = 0.1;
/** A known merchant decides when this share of its rows went to one category. */
const KNOWN_MERCHANT_SHARE = 0.6;
/** How many of a merchant's latest categories are kept: when they all agree, they win (a changed habit). */
const RECENT = 3;
/** A character trigram is weak evidence next to a whole word: a word's trigrams together weigh this much. */
const GRAMS_WEIGHT = 2;

/** Trigrams are taken of the first words only: the merchant's name leads, and the cost stays low. */
const GRAM_WORDS = 2;

type Counts = Map<string, number>;

/** Features of whole words of the text: words, counterparty words, word pairs (not the trigrams). */
const WORD_FEATURE = /^[wcb]:/;

/** A word's trigram features, kept once per word (building a learner reads the same words again and again). */
const gramCache = new Map<string, string[]>();
const GRAM_CACHE_SIZE = 50_000;

function gramFeatures(word: string): string[] {
  let grams = gramCache.get(word);
  if (!grams) {
    if (gramCache.size >= GRAM_CACHE_SIZE) gramCache.clear();
    grams = merchantGrams(word).map((gram) => `g:${gram}`);
    gramCache.set(word, grams);
  }
  return grams;
}

function add(counts: Counts, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 1e-9) counts.delete(key);
  else counts.set(key, next);
}

/** A row as the learner reads it, once per learn or suggest. */
interface RowReading {
  /** The description's merchant words, else the counterparty's: what the known-merchant look-up goes by. */
  key: string;
  /** The key's first two words and first word, when shorter than the key: the merchant under another tail. */
  prefixes: string[];
  /** Features and their weights, side by side. */
  features: string[];
  weights: number[];
}

function readRow(row: CategorisableRow): RowReading {
  const words = merchantWords(row.description);
  const counterparty = merchantWords(row.counterparty);
  const keyWords = words.length > 0 ? words : counterparty;
  const features: string[] = [];
  const weights: number[] = [];
  const push = (feature: string, weight: number) => {
    features.push(feature);
    weights.push(weight);
  };
  for (const word of words) push(`w:${word}`, 1);
  for (const word of counterparty) push(`c:${word}`, 1);
  for (let i = 1; i < words.length; i += 1) push(`b:${words[i - 1]} ${words[i]}`, 1);
  for (const word of new Set([...words.slice(0, GRAM_WORDS), ...counterparty.slice(0, GRAM_WORDS)])) {
    const grams = gramFeatures(word);
    for (const gram of grams) push(gram, GRAMS_WEIGHT / grams.length);
  }
  const amount = Number(row.amount);
  if (Number.isFinite(amount) && amount !== 0) {
    push(amount < 0 ? "s:out" : "s:in", 1);
    push(`a:${amount < 0 ? "-" : "+"}${Math.floor(Math.log2(Math.abs(amount)))}`, 1);
  }
  if (row.accountId) push(`acct:${row.accountId}`, 1);
  const prefixes: string[] = [];
  for (let n = Math.min(2, keyWords.length - 1); n >= 1; n -= 1) {
    const prefix = keyWords.slice(0, n).join(" ");
    if (prefix.length >= 3) prefixes.push(prefix);
  }
  return { key: keyWords.join(" "), prefixes, features, weights };
}

/** What the learner knows of one merchant text: its categories' counts and the latest few categories. */
interface MerchantRecord {
  counts: Counts;
  recent: string[];
}

const earlierTransactions = (count: number) =>
  count === 1 ? "1 earlier transaction" : `${count} earlier transactions`;

export class CategoryLearner {
  private readonly minConfidence: number;
  private rows = 0;
  private readonly rowsPerCategory: Counts = new Map();
  /** Per feature: its weight over all rows, and per category. */
  /**
   * Per feature: its weight over all rows, and per category by the category's index (an array: a
   * Map per feature made building from 100k rows spend a quarter of its time allocating and hashing).
   */
  private readonly features = new Map<string, { total: number; byCategory: number[] }>();
  private readonly categoryIndex = new Map<string, number>();
  private readonly featuresPerCategory: Counts = new Map();
  private readonly byMerchant = new Map<string, MerchantRecord>();
  private readonly byPrefix = new Map<string, Counts>();

  constructor(options: LearnerOptions = {}) {
    this.minConfidence = options.minConfidence ?? 0.35;
  }

  /** A learner trained on `rows` (each with the category its person gave it), oldest first. */
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
    const suggestion = this.knownMerchant(reading) ?? this.knownPrefix(reading) ?? this.naiveBayes(reading);
    return suggestion && suggestion.confidence >= this.minConfidence ? suggestion : null;
  }

  private count(row: CategorisableRow, categoryId: string, by: 1 | -1): void {
    this.rows += by;
    add(this.rowsPerCategory, categoryId, by);
    const { key, prefixes, features, weights } = readRow(row);
    if (key !== "") this.countMerchant(key, categoryId, by);
    for (const prefix of prefixes) {
      const counts = this.byPrefix.get(prefix) ?? new Map<string, number>();
      add(counts, categoryId, by);
      if (counts.size === 0) this.byPrefix.delete(prefix);
      else this.byPrefix.set(prefix, counts);
    }
    let total = 0;
    const category = this.indexOf(categoryId);
    for (let i = 0; i < features.length; i += 1) {
      const feature = features[i]!;
      const weight = weights[i]!;
      let entry = this.features.get(feature);
      if (!entry) {
        if (by < 0) continue;
        entry = { total: 0, byCategory: [] };
        this.features.set(feature, entry);
      }
      total += weight;
      entry.total += by * weight;
      const next = (entry.byCategory[category] ?? 0) + by * weight;
      entry.byCategory[category] = next > 1e-9 ? next : 0;
      if (entry.total <= 1e-9) this.features.delete(feature);
    }
    add(this.featuresPerCategory, categoryId, by * total);
  }

  /** The category's index into the features' arrays, given on first sight. */
  private indexOf(categoryId: string): number {
    let index = this.categoryIndex.get(categoryId);
    if (index === undefined) this.categoryIndex.set(categoryId, (index = this.categoryIndex.size));
    return index;
  }

  private countMerchant(key: string, categoryId: string, by: 1 | -1): void {
    const merchant = this.byMerchant.get(key) ?? { counts: new Map<string, number>(), recent: [] };
    add(merchant.counts, categoryId, by);
    if (by > 0) {
      merchant.recent.push(categoryId);
      if (merchant.recent.length > RECENT) merchant.recent.shift();
    } else {
      const at = merchant.recent.lastIndexOf(categoryId);
      if (at >= 0) merchant.recent.splice(at, 1);
    }
    if (merchant.counts.size === 0) this.byMerchant.delete(key);
    else this.byMerchant.set(key, merchant);
  }

  /** The category most of this merchant's earlier rows got when most agree, or the one its latest rows agree on. */
  private knownMerchant({ key }: RowReading): CategorySuggestion | null {
    const merchant = key === "" ? undefined : this.byMerchant.get(key);
    if (!merchant) return null;
    const { categoryId, count, total } = majority(merchant.counts);
    const latest = merchant.recent.at(-1);
    const changed =
      merchant.recent.length === RECENT && latest !== categoryId && merchant.recent.every((c) => c === latest);
    if (changed && latest) {
      const reason = `like the latest ${RECENT} transactions “${key}”`;
      return { categoryId: latest, confidence: 0.75, reason };
    }
    if (categoryId === null || count / total < KNOWN_MERCHANT_SHARE) return null;
    // One earlier row is a good hint, more are near certainty: n / (n + 1) of the share.
    const confidence = (count / total) * (count / (count + 1)) + (count === 1 ? 0.25 : 0);
    return { categoryId, confidence: Math.min(1, confidence), reason: `like ${earlierTransactions(count)} “${key}”` };
  }

  /** The merchant's first words seen before with another tail, when most of those rows agree. */
  private knownPrefix({ prefixes }: RowReading): CategorySuggestion | null {
    for (const prefix of prefixes) {
      const counts = this.byPrefix.get(prefix);
      if (!counts) continue;
      const { categoryId, count, total } = majority(counts);
      if (categoryId === null || count < 2 || count / total < KNOWN_MERCHANT_SHARE) continue;
      const confidence = (count / total) * (count / (count + 1));
      return { categoryId, confidence, reason: `like ${earlierTransactions(count)} “${prefix} …”` };
    }
    return null;
  }

  private naiveBayes({ features, weights }: RowReading): CategorySuggestion | null {
    const known: Array<{ name: string; weight: number; byCategory: number[] }> = [];
    for (let i = 0; i < features.length; i += 1) {
      const entry = this.features.get(features[i]!);
      if (entry) known.push({ name: features[i]!, weight: weights[i]!, byCategory: entry.byCategory });
    }
    if (known.length === 0) return null;
    const vocabulary = this.features.size;
    let top: { categoryId: string; logP: number } | null = null;
    const scores: number[] = [];
    for (const [categoryId, rowCount] of this.rowsPerCategory) {
      const index = this.indexOf(categoryId);
      const denominator = (this.featuresPerCategory.get(categoryId) ?? 0) + SMOOTHING * vocabulary;
      let logP = Math.log(rowCount / this.rows);
      for (const f of known) logP += f.weight * Math.log(((f.byCategory[index] ?? 0) + SMOOTHING) / denominator);
      scores.push(logP);
      if (!top || logP > top.logP) top = { categoryId, logP };
    }
    if (!top) return null;
    // With one category learned the posterior is always 1 and says nothing: the row's text must then
    // have a word seen with it (a shared trigram, "ung", is not enough). With several, the amount and the account alone may decide (a rent, a
    // salary from a new name): measured on the labelled histories, they are right more often than not.
    const winner = top.categoryId;
    if (
      this.rowsPerCategory.size < 2 &&
      !known.some((f) => WORD_FEATURE.test(f.name) && (f.byCategory[this.indexOf(winner)] ?? 0) > 0)
    )
      return null;
    const evidence = scores.reduce((sum, logP) => sum + Math.exp(logP - top.logP), 0);
    return { categoryId: winner, confidence: 1 / evidence, reason: this.wordsReason(winner, known) };
  }

  /** "like 5 earlier transactions with “office”, “depot”": the row's words this category saw most. */
  private wordsReason(categoryId: string, known: ReadonlyArray<{ name: string; byCategory: number[] }>): string {
    const index = this.indexOf(categoryId);
    const words = [...new Map(known.filter((f) => /^[wc]:/.test(f.name)).map((f) => [f.name.slice(2), f])).values()]
      .map((f) => ({ word: f.name.slice(2), seen: f.byCategory[index] ?? 0 }))
      .filter(({ seen }) => seen > 0)
      .sort((a, b) => b.seen - a.seen)
      .slice(0, 3);
    if (words.length === 0) return "like earlier transactions of a similar text and amount";
    const seen = Math.round(words[0]!.seen);
    return `like ${earlierTransactions(seen)} with ${words.map(({ word }) => `“${word}”`).join(", ")}`;
  }
}

/** The most frequent category of `counts` (ties: the first counted), its count and the total. */
function majority(counts: Counts): { categoryId: string | null; count: number; total: number } {
  let total = 0;
  let best: [string, number] | null = null;
  for (const entry of counts) {
    total += entry[1];
    if (!best || entry[1] > best[1]) best = entry;
  }
  return { categoryId: best?.[0] ?? null, count: best?.[1] ?? 0, total };
}
