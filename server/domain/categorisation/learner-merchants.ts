/**
 * The learner's first two layers: merchants it has seen. The same merchant text (merchantKey's words)
 * gets the category most of its rows got, or the one its latest rows agree on when the person changed
 * their mind; a text whose first words were seen with other tails ("BETA BOULDERS COPE" and "Beta
 * Boulders Copenhagen Vanloese") gets the category most of those rows got.
 */
import type { CategorySuggestion } from "./learner";
import { CategoryTally } from "./learner-tally";

/** A known merchant decides when this share of its rows went to one category. */
const KNOWN_MERCHANT_SHARE = 0.6;
/** How many of a merchant's latest categories are kept: when they all agree, they win (a changed habit). */
const RECENT = 3;

export const earlierTransactions = (count: number) =>
  count === 1 ? "1 earlier transaction" : `${count} earlier transactions`;

/** What the learner knows of one merchant text: its categories' counts and the latest few categories. */
class MerchantTally extends CategoryTally {
  readonly recent: number[] = [];
}

/** The key's first two words and first word, when shorter than the key: the merchant under another tail. */
function prefixesOf(keyWords: readonly string[]): string[] {
  const prefixes: string[] = [];
  for (let n = Math.min(2, keyWords.length - 1); n >= 1; n -= 1) {
    const prefix = n === 1 ? keyWords[0]! : `${keyWords[0]} ${keyWords[1]}`;
    if (prefix.length >= 3) prefixes.push(prefix);
  }
  return prefixes;
}

/** Merchants by their key, the words of the description (else of the counterparty); categories by index. */
export class KnownMerchants {
  private readonly byKey = new Map<string, MerchantTally>();
  private readonly byPrefix = new Map<string, CategoryTally>();

  count(keyWords: readonly string[], category: number, by: 1 | -1): void {
    if (keyWords.length === 0) return;
    this.countMerchant(keyWords.length === 1 ? keyWords[0]! : keyWords.join(" "), category, by);
    // prefixesOf's words, without making its array: building counts 100k rows.
    if (keyWords.length > 2) this.countPrefix(`${keyWords[0]} ${keyWords[1]}`, category, by);
    if (keyWords.length > 1 && keyWords[0]!.length >= 3) this.countPrefix(keyWords[0]!, category, by);
  }

  private countPrefix(prefix: string, category: number, by: 1 | -1): void {
    let tally = this.byPrefix.get(prefix);
    if (!tally) this.byPrefix.set(prefix, (tally = new CategoryTally()));
    tally.add(category, by);
    if (tally.size === 0) this.byPrefix.delete(prefix);
  }

  /** True when exactly one earlier row had this merchant text: a hint, not yet a habit. */
  seenOnce(keyWords: readonly string[]): boolean {
    const merchant = keyWords.length === 0 ? undefined : this.byKey.get(keyWords.join(" "));
    return merchant !== undefined && merchant.majority().total === 1;
  }

  /** The merchant's category, else its first words' category; `categoryIds` names the indexes. */
  suggest(keyWords: readonly string[], categoryIds: readonly string[]): CategorySuggestion | null {
    return this.knownMerchant(keyWords.join(" "), categoryIds) ?? this.knownPrefix(keyWords, categoryIds);
  }

  private countMerchant(key: string, category: number, by: 1 | -1): void {
    let merchant = this.byKey.get(key);
    if (!merchant) this.byKey.set(key, (merchant = new MerchantTally()));
    merchant.add(category, by);
    if (by > 0) {
      merchant.recent.push(category);
      if (merchant.recent.length > RECENT) merchant.recent.shift();
    } else {
      const at = merchant.recent.lastIndexOf(category);
      if (at >= 0) merchant.recent.splice(at, 1);
    }
    if (merchant.size === 0) this.byKey.delete(key);
  }

  /** The category most of this merchant's earlier rows got when most agree, or the one its latest rows agree on. */
  private knownMerchant(key: string, categoryIds: readonly string[]): CategorySuggestion | null {
    const merchant = key === "" ? undefined : this.byKey.get(key);
    if (!merchant) return null;
    const { category, count, total } = merchant.majority();
    const latest = merchant.recent.at(-1);
    const changed =
      merchant.recent.length === RECENT && latest !== category && merchant.recent.every((c) => c === latest);
    if (changed && latest !== undefined) {
      const reason = `like the latest ${RECENT} transactions “${key}”`;
      return { categoryId: categoryIds[latest]!, confidence: 0.75, reason };
    }
    if (category < 0 || count / total < KNOWN_MERCHANT_SHARE) return null;
    // One earlier row is a good hint, more are near certainty: n / (n + 1) of the share.
    const confidence = (count / total) * (count / (count + 1)) + (count === 1 ? 0.25 : 0);
    const reason = `like ${earlierTransactions(count)} “${key}”`;
    return { categoryId: categoryIds[category]!, confidence: Math.min(1, confidence), reason };
  }

  /** The merchant's first words seen before with another tail, when most of those rows agree. */
  private knownPrefix(keyWords: readonly string[], categoryIds: readonly string[]): CategorySuggestion | null {
    for (const prefix of prefixesOf(keyWords)) {
      const tally = this.byPrefix.get(prefix);
      if (!tally) continue;
      const { category, count, total } = tally.majority();
      if (category < 0 || count < 2 || count / total < KNOWN_MERCHANT_SHARE) continue;
      const confidence = (count / total) * (count / (count + 1));
      const reason = `like ${earlierTransactions(count)} “${prefix} …”`;
      return { categoryId: categoryIds[category]!, confidence, reason };
    }
    return null;
  }
}
