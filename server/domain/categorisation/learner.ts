/**
 * A workspace's categoriser, trained on its own categorised transactions: what a person did with
 * a merchant before is what they most likely want again. Three layers a person can follow:
 *  1. the same merchant text seen before (after merchantKey's clean-up): the category most of its
 *     rows got, or the one its latest rows agree on when the person changed their mind;
 *  2. the same merchant under a longer or shorter text (the first words agree: "BETA BOULDERS COPE"
 *     and "Beta Boulders Copenhagen Vanloese");
 *  3. otherwise a naive Bayes over the merchant words, word pairs, character trigrams (spelling and
 *     truncation vary), the counterparty, the direction and size of the amount, the account, and the
 *     kind of place a named brand is (a supermarket chain never paid before is where the person's
 *     other supermarkets went), each weighed by how much it tells categories apart.
 * It answers a category with a confidence in [0, 1] and a reason in words, or nothing below
 * `minConfidence`. Counts are additive, so one categorisation is learned (or unlearned) at once.
 * Layers 1-2 are learner-merchants.ts; the features of layer 3 are learner-features.ts.
 */
import { FEATURE_KIND, FeatureSpace, rowText, type FeatureBuffer, type RowText } from "./learner-features";
import { earlierTransactions, KnownMerchants } from "./learner-merchants";
import { CategoryTally } from "./learner-tally";

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
/** What a feature spread evenly over every category still weighs, next to 1 + this for a feature of one category. */
const RELEVANCE_FLOOR = 0.3;
/** How sure the words must be to overrule a merchant seen on one earlier row only. */
const WORDS_OVER_ONE_ROW = 0.95;
/** Below it a weight is taken as zero (weights are sums of fractions). */
const ZERO = 1e-9;

export class CategoryLearner {
  private readonly minConfidence: number;
  private rows = 0;
  /** Per category index: its id, its rows, and the weight of its features. */
  private readonly categoryIds: string[] = [];
  private readonly categoryIndex = new Map<string, number>();
  private readonly rowsPerCategory: number[] = [];
  private readonly featuresPerCategory: number[] = [];
  /** Per feature id: its weight over all rows, and per category (an id stays when its rows are unlearned: weight 0). */
  private readonly space = new FeatureSpace();
  private readonly featureTotals: number[] = [];
  private readonly featureTallies: CategoryTally[] = [];
  /** Features with a weight: the vocabulary of the smoothing. */
  private liveFeatures = 0;
  private readonly merchants = new KnownMerchants();
  /** A row's features, read into the same arrays every time (building reads 100k rows). */
  private readonly buffer: FeatureBuffer = { ids: [], weights: [], length: 0 };
  /** Per feature id, its concentration as of the last learn or unlearn (a preview asks for the same words again and again). */
  private readonly concentrations = new Map<number, number>();
  /** The naive Bayes' counts of a row's features per category, reused by every suggestion. */
  private scratch = new Float64Array(0);

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
    this.count(row, this.indexOf(categoryId), 1);
  }

  /** Takes back what `learn` took in (the person changed the row's category, or deleted it). */
  unlearn(row: CategorisableRow, categoryId: string): void {
    const category = this.categoryIndex.get(categoryId);
    if (category === undefined || this.rowsPerCategory[category]! <= ZERO) return;
    this.count(row, category, -1);
  }

  /** How many categorised rows the learner holds. */
  get size(): number {
    return this.rows;
  }

  suggest(row: CategorisableRow): CategorySuggestion | null {
    if (this.rows === 0) return null;
    const text = rowText(row.description, row.counterparty);
    const known = this.merchants.suggest(text.keyWords, this.categoryIds);
    let suggestion = known ?? this.naiveBayes(text, row.amount, row.accountId);
    // One earlier row of a merchant is a hint that the person's words can outweigh: "PET SHOP HATO" put
    // once in groceries, where "pet" went to the pets' category on every other row.
    if (known && this.merchants.seenOnce(text.keyWords)) {
      const words = this.naiveBayes(text, row.amount, row.accountId);
      if (words && words.categoryId !== known.categoryId && words.confidence >= WORDS_OVER_ONE_ROW) suggestion = words;
    }
    return suggestion && suggestion.confidence >= this.minConfidence ? suggestion : null;
  }

  private count(row: CategorisableRow, category: number, by: 1 | -1): void {
    this.rows += by;
    if (this.concentrations.size > 0) this.concentrations.clear();
    this.rowsPerCategory[category] = Math.max(0, this.rowsPerCategory[category]! + by);
    const text = rowText(row.description, row.counterparty);
    this.merchants.count(text.keyWords, category, by);
    const features = this.buffer;
    this.space.read(text, row.amount, row.accountId, by > 0, features);
    let total = 0;
    for (let i = 0; i < features.length; i += 1) {
      const id = features.ids[i]!;
      const weight = features.weights[i]!;
      const before = this.featureTotals[id] ?? 0;
      if (before <= ZERO) {
        if (by < 0) continue;
        this.featureTallies[id] = new CategoryTally();
        this.liveFeatures += 1;
      }
      total += weight;
      const after = before + by * weight;
      this.featureTotals[id] = after;
      this.featureTallies[id]!.add(category, by * weight);
      if (after <= ZERO) this.liveFeatures -= 1;
    }
    this.featuresPerCategory[category] = Math.max(0, this.featuresPerCategory[category]! + by * total);
  }

  /** The category's index into the learner's arrays, given on first sight. */
  private indexOf(categoryId: string): number {
    let index = this.categoryIndex.get(categoryId);
    if (index === undefined) {
      this.categoryIndex.set(categoryId, (index = this.categoryIds.length));
      this.categoryIds.push(categoryId);
      this.rowsPerCategory.push(0);
      this.featuresPerCategory.push(0);
    }
    return index;
  }

  private naiveBayes(text: RowText, amount: string, accountId?: string | null): CategorySuggestion | null {
    const features = this.buffer;
    this.space.read(text, amount, accountId, false, features);
    const known: number[] = [];
    const weights: number[] = [];
    for (let i = 0; i < features.length; i += 1) {
      if ((this.featureTotals[features.ids[i]!] ?? 0) <= ZERO) continue;
      known.push(features.ids[i]!);
      weights.push(features.weights[i]!);
    }
    if (known.length === 0) return null;
    this.weighByConcentration(known, weights);
    // The known features' counts per category, side by side: one row of `categories` per feature.
    const categories = this.categoryIds.length;
    if (this.scratch.length < known.length * categories) this.scratch = new Float64Array(2 * known.length * categories);
    const counts = this.scratch.fill(0, 0, known.length * categories);
    known.forEach((id, f) => {
      const tally = this.featureTallies[id]!;
      tally.forEach((category, count) => (counts[f * categories + category] = count));
    });
    let top = -1;
    let topLogP = -Infinity;
    let candidates = 0;
    const scores: number[] = [];
    for (let category = 0; category < categories; category += 1) {
      const rowCount = this.rowsPerCategory[category]!;
      if (rowCount <= ZERO) continue;
      candidates += 1;
      const denominator = this.featuresPerCategory[category]! + SMOOTHING * this.liveFeatures;
      let logP = Math.log(rowCount / this.rows);
      for (let f = 0; f < known.length; f += 1)
        logP += weights[f]! * Math.log((counts[f * categories + category]! + SMOOTHING) / denominator);
      scores.push(logP);
      if (top >= 0 && logP <= topLogP) continue;
      top = category;
      topLogP = logP;
    }
    if (top < 0) return null;
    // With one category learned the posterior is always 1 and says nothing: the row's text must then
    // have a word seen with it (a shared trigram, "ung", is not enough). With several, the amount and the
    // account alone may decide (a rent, a salary from a new name): measured on the labelled histories,
    // they are right more often than not.
    const isWord = (f: number) => this.space.kinds[known[f]!]! <= FEATURE_KIND.pair;
    if (candidates < 2 && !known.some((_, f) => isWord(f) && counts[f * categories + top]! > 0)) return null;
    const evidence = scores.reduce((sum, logP) => sum + Math.exp(logP - topLogP), 0);
    return { categoryId: this.categoryIds[top]!, confidence: 1 / evidence, reason: this.wordsReason(top, known) };
  }

  /**
   * A feature met with many categories (a city, "amazon", an amount of 20) tells less than one met with
   * one: each weighs by how concentrated its counts are (information-gain weighting), and the weights
   * keep their sum, so the posterior is as sure overall as without the weighting.
   */
  private weighByConcentration(known: readonly number[], weights: number[]): void {
    const categories = this.rowsPerCategory.filter((rows) => rows > ZERO).length;
    let before = 0;
    let after = 0;
    for (let f = 0; f < known.length; f += 1) {
      let concentration = this.concentrations.get(known[f]!);
      if (concentration === undefined) {
        concentration = this.featureTallies[known[f]!]!.concentration(categories);
        this.concentrations.set(known[f]!, concentration);
      }
      before += weights[f]!;
      weights[f] = weights[f]! * (RELEVANCE_FLOOR + concentration);
      after += weights[f]!;
    }
    for (let f = 0; f < known.length; f += 1) weights[f] = (weights[f]! * before) / after;
  }

  /**
   * For a brand the person never paid: "like earlier transactions at other places of its kind (supermarket)",
   * the kind this category saw most (no count: a brand of several kinds counts for a share of each).
   */
  private brandReason(category: number, known: readonly number[]): string {
    let best = "";
    let seen = 0;
    for (const id of known) {
      if (this.space.kinds[id] !== FEATURE_KIND.brand) continue;
      const count = this.featureTallies[id]!.get(category);
      if (count > seen) [best, seen] = [this.space.labels[id]!, count];
    }
    if (seen <= ZERO) return "like earlier transactions of a similar text and amount";
    const kind = (best.split("=")[1] ?? best).replaceAll("_", " ");
    return `like earlier transactions at other places of its kind (${kind})`;
  }

  /** "like 5 earlier transactions with “office”, “depot”": the row's words this category saw most. */
  private wordsReason(category: number, known: readonly number[]): string {
    const seenByWord = new Map<string, number>();
    for (const id of known) {
      const kind = this.space.kinds[id];
      if (kind !== FEATURE_KIND.word && kind !== FEATURE_KIND.counterparty) continue;
      seenByWord.set(this.space.labels[id]!, this.featureTallies[id]!.get(category));
    }
    const words = [...seenByWord]
      .map(([word, seen]) => ({ word, seen }))
      .filter(({ seen }) => seen > 0)
      .sort((a, b) => b.seen - a.seen)
      .slice(0, 3);
    if (words.length === 0) return this.brandReason(category, known);
    const seen = Math.round(words[0]!.seen);
    return `like ${earlierTransactions(seen)} with ${words.map(({ word }) => `“${word}”`).join(", ")}`;
  }
}
