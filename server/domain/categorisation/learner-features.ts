/**
 * The learner's features of a row, as integer ids: the merchant words, the counterparty's words, word
 * pairs, character trigrams of the first words, the direction and size of the amount, the account, and
 * the kind of place a named brand is (brands.ts).
 * Each word is looked up once per row and its features are kept with it, so that building a learner
 * from 100k rows hashes a handful of words per row instead of concatenating and hashing feature keys.
 */
import { brandKindName, brandKinds, brandWord, LEADING_WORDS, type BrandWord } from "./brands";
import { merchantGrams, merchantWords } from "./merchant-text";

/** What a feature is made of: the reason names words, and a lone category needs a word, not a trigram. */
export const FEATURE_KIND = {
  word: 0,
  counterparty: 1,
  pair: 2,
  gram: 3,
  sign: 4,
  amount: 5,
  account: 6,
  brand: 7,
} as const;

/** A character trigram is weak evidence next to a whole word: a word's trigrams together weigh this much. */
const GRAMS_WEIGHT = 2;
/**
 * Trigrams are taken of each text's first words: the merchant's name leads, and a long bank text
 * (a SEPA purpose line of 20 words) costs no more than a short one. Three words, not two: a name's
 * second and third words ("cafe pain suisse", "la petite epicerie") carry it as often as the first.
 */
const GRAM_WORDS = 3;
/**
 * What the kinds of a row's brands weigh together, next to 1 for a word: a supermarket chain the person
 * never paid is likely where their other supermarkets went. bench:categorise: +0.9 points pooled at 2
 * (69.0% -> 69.9%), 1 and 3 within a few rows of it.
 */
const BRAND_WEIGHT = 2;
/**
 * A word of digits only ("2 baguettes", "10 eggs", "Paris 20", a store's number) is no word feature of its
 * own: a quantity or a number says little of what was bought and would pull every row that has it towards the
 * category it met most. It stays in the merchant's key, its pairs and its brand names ("7 eleven", "coop 365").
 */
const NUMBER = /^\d+$/;
const isNumber = (word: string) => word.charCodeAt(0) <= 57 && NUMBER.test(word);

/** One word the learner has met, and the features it makes (-1: not made yet). */
interface WordEntry {
  id: number;
  word: number;
  counterparty: number;
  grams: number[] | null;
  /** The pair features this word starts, by the next word's id. */
  pairs: Map<number, number> | null;
  /** What the brand lexicon says of it (looked up once). */
  brand: BrandWord | null;
}

/** A row's features and their weights, side by side; `length` of them are valid. */
export interface FeatureBuffer {
  ids: number[];
  weights: number[];
  length: number;
}

/** The words that say who the merchant is: the description's, else the counterparty's. */
export interface RowText {
  words: string[];
  counterparty: string[];
  keyWords: string[];
}

export function rowText(description: string, counterparty: string | null | undefined): RowText {
  const words = merchantWords(description);
  const counterpartyWords = merchantWords(counterparty);
  return { words, counterparty: counterpartyWords, keyWords: words.length > 0 ? words : counterpartyWords };
}

function push(into: FeatureBuffer, id: number, weight: number): void {
  if (id < 0) return;
  into.ids[into.length] = id;
  into.weights[into.length] = weight;
  into.length += 1;
}

/** Whether the `at`-th of the first words (description's, then counterparty's) came before it already. */
function gramWordSeen(words: readonly string[], counterparty: readonly string[], at: number, word: string): boolean {
  for (let i = 0; i < at; i += 1) if ((i < GRAM_WORDS ? words[i] : counterparty[i - GRAM_WORDS]) === word) return true;
  return false;
}

/** The amount's feature key: direction and power of two ("-12.50" -> out, 8 to 16). */
function amountKey(amount: number): number {
  return Math.floor(Math.log2(Math.abs(amount))) * 2 + (amount < 0 ? 1 : 0);
}

/**
 * A learner's feature ids. `read` with `grow` makes ids for what it has not met (learning);
 * without, it leaves unknown features out (suggesting must not grow the learner).
 */
export class FeatureSpace {
  /** Per feature id: its kind and, for a word, the word (the reason quotes it). */
  readonly kinds: number[] = [];
  readonly labels: string[] = [];
  private readonly words = new Map<string, WordEntry>();
  private readonly grams = new Map<string, number>();
  private readonly amounts = new Map<number, number>();
  private readonly accounts = new Map<string, number>();
  private readonly brands = new Map<number, number>();
  private readonly rowBrands = new Set<number>();
  private readonly signs = [-1, -1];
  /** The entries of the description's words of the row being read (its pairs are made of them). */
  private readonly rowEntries: (WordEntry | undefined)[] = [];
  private readonly rowBrandWords: BrandWord[] = [];
  /** The entries of the counterparty's words of the row being read. */
  private readonly counterpartyEntries: (WordEntry | undefined)[] = [];

  get size(): number {
    return this.kinds.length;
  }

  read(text: RowText, amountText: string, accountId: string | null | undefined, grow: boolean, into: FeatureBuffer) {
    into.length = 0;
    const { words, counterparty } = text;
    const entries = this.rowEntries;
    for (let i = 0; i < words.length; i += 1) {
      const entry = (entries[i] = this.entry(words[i]!, grow));
      if (!entry || isNumber(words[i]!)) continue;
      if (entry.word < 0 && grow) entry.word = this.make(FEATURE_KIND.word, words[i]!);
      push(into, entry.word, 1);
    }
    for (let i = 0; i < counterparty.length; i += 1) {
      const word = counterparty[i]!;
      const entry = (this.counterpartyEntries[i] = this.entry(word, grow));
      if (entry && entry.counterparty < 0 && grow) entry.counterparty = this.make(FEATURE_KIND.counterparty, word);
      if (entry) push(into, entry.counterparty, 1);
    }
    for (let i = 1; i < words.length; i += 1) {
      const previous = entries[i - 1];
      const entry = entries[i];
      if (previous && entry) push(into, this.pair(previous, entry, grow), 1);
    }
    // The first words of the description and of the counterparty, each word once.
    for (let i = 0; i < 2 * GRAM_WORDS; i += 1) {
      const word = i < GRAM_WORDS ? words[i] : counterparty[i - GRAM_WORDS];
      if (word === undefined || gramWordSeen(words, counterparty, i, word)) continue;
      const grams = this.gramsOf(word, grow);
      for (const id of grams) push(into, id, GRAMS_WEIGHT / grams.length);
    }
    const amount = Number(amountText);
    if (Number.isFinite(amount) && amount !== 0) {
      const out = amount < 0 ? 0 : 1;
      if (this.signs[out]! < 0 && grow) this.signs[out] = this.make(FEATURE_KIND.sign, out === 0 ? "out" : "in");
      push(into, this.signs[out]!, 1);
      push(into, this.lookup(this.amounts, amountKey(amount), FEATURE_KIND.amount, grow), 1);
    }
    if (accountId) push(into, this.lookup(this.accounts, accountId, FEATURE_KIND.account, grow), 1);
    const kinds = this.rowBrands;
    kinds.clear();
    brandKinds(words, kinds, this.brandWords(words, entries));
    brandKinds(counterparty, kinds, this.brandWords(counterparty, this.counterpartyEntries));
    for (const kind of kinds) push(into, this.brandFeature(kind, grow), BRAND_WEIGHT / kinds.size);
  }

  /** A brand kind's feature, labelled with the kind ("shop=supermarket") for the reason. */
  private brandFeature(kind: number, grow: boolean): number {
    let id = this.brands.get(kind);
    if (id === undefined) {
      if (!grow) return -1;
      this.brands.set(kind, (id = this.make(FEATURE_KIND.brand, brandKindName(kind))));
    }
    return id;
  }

  /** What the lexicon says of the leading words, from their entries (looked up once per word met). */
  private brandWords(words: readonly string[], entries: readonly (WordEntry | undefined)[]): BrandWord[] {
    const known = this.rowBrandWords;
    for (let i = 0; i < LEADING_WORDS && i < words.length; i += 1) {
      const entry = entries[i];
      known[i] = entry ? (entry.brand ??= brandWord(words[i]!)) : brandWord(words[i]!);
    }
    return known;
  }

  private make(kind: number, label: string): number {
    this.kinds.push(kind);
    this.labels.push(label);
    return this.kinds.length - 1;
  }

  private lookup<K>(ids: Map<K, number>, key: K, kind: number, grow: boolean): number {
    let id = ids.get(key);
    if (id === undefined) {
      if (!grow) return -1;
      ids.set(key, (id = this.make(kind, "")));
    }
    return id;
  }

  private entry(word: string, grow: boolean): WordEntry | undefined {
    let entry = this.words.get(word);
    if (!entry && grow) {
      entry = { id: this.words.size, word: -1, counterparty: -1, grams: null, pairs: null, brand: null };
      this.words.set(word, entry);
    }
    return entry;
  }

  private pair(first: WordEntry, second: WordEntry, grow: boolean): number {
    let id = first.pairs?.get(second.id);
    if (id === undefined) {
      if (!grow) return -1;
      first.pairs ??= new Map();
      first.pairs.set(second.id, (id = this.make(FEATURE_KIND.pair, "")));
    }
    return id;
  }

  /** The word's trigram ids; for a word the learner has not met, those of its trigrams it has. */
  private gramsOf(word: string, grow: boolean): number[] {
    const entry = this.words.get(word);
    if (entry?.grams) return entry.grams;
    const ids = merchantGrams(word).map((gram) => this.lookup(this.grams, gram, FEATURE_KIND.gram, grow));
    if (entry && grow) entry.grams = ids;
    return ids;
  }
}
