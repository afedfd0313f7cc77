/**
 * Counts per category, sparse: a merchant, a word pair or a trigram mostly meets one category, so the
 * first category is held in the tally itself and only a second one makes an array. Building a learner
 * from 100k rows makes tens of thousands of tallies; one object each keeps the garbage collector's
 * share small.
 */

/** Below it a count is taken as zero (counts are sums of fractional weights). */
const ZERO = 1e-9;
/** From this many other categories on, a tally indexes where each sits (a trigram or an amount meets them all). */
const INDEXED = 8;

export class CategoryTally {
  /** The first category counted and its count (-1: none). */
  private first = -1;
  private firstCount = 0;
  /** The others, in the order they were first counted: category, count, category, count, ... */
  private others: number[] | null = null;
  /** Per category, its place in `others` + 1 (0: not there); kept once `others` holds many. */
  private places: Int32Array | null = null;

  get size(): number {
    return (this.first < 0 ? 0 : 1) + (this.others ? this.others.length / 2 : 0);
  }

  get(category: number): number {
    if (category === this.first) return this.firstCount;
    const at = this.othersAt(category);
    return at < 0 ? 0 : this.others![at + 1]!;
  }

  /** Calls `each` with every category and its count, in the order they were first counted. */
  forEach(each: (category: number, count: number) => void): void {
    if (this.first >= 0) each(this.first, this.firstCount);
    const others = this.others;
    if (others) for (let i = 0; i < others.length; i += 2) each(others[i]!, others[i + 1]!);
  }

  /** Adds `by` (negative to take back); a category whose count falls to zero leaves the tally. */
  add(category: number, by: number): void {
    if (category === this.first) {
      this.firstCount += by;
      if (this.firstCount <= ZERO) this.dropFirst();
      return;
    }
    const at = this.othersAt(category);
    if (at >= 0) {
      const next = this.others![at + 1]! + by;
      if (next > ZERO) this.others![at + 1] = next;
      else this.dropOther(at);
      return;
    }
    if (by <= ZERO) return;
    if (this.first < 0) {
      this.first = category;
      this.firstCount = by;
      return;
    }
    const others = (this.others ??= []);
    others.push(category, by);
    if (this.places) this.place(category, others.length - 2);
    else if (others.length >= 2 * INDEXED) this.index();
  }

  /** The most frequent category (ties: the first counted; -1 when empty), its count and the total. */
  majority(): { category: number; count: number; total: number } {
    let total = 0;
    let category = -1;
    let count = 0;
    this.forEach((c, n) => {
      total += n;
      if (category >= 0 && n <= count) return;
      category = c;
      count = n;
    });
    return { category, count, total };
  }

  /** 1 when one category holds every count, 0 when they spread evenly over `categories`: 1 - entropy / its maximum. */
  concentration(categories: number): number {
    let total = 0;
    this.forEach((_, count) => (total += count));
    let entropy = 0;
    this.forEach((_, count) => (entropy -= (count / total) * Math.log(count / total)));
    return total > 0 ? 1 - entropy / Math.log(Math.max(2, categories)) : 0;
  }

  private othersAt(category: number): number {
    const others = this.others;
    if (!others) return -1;
    if (this.places) return category < this.places.length ? this.places[category]! - 1 : -1;
    for (let i = 0; i < others.length; i += 2) if (others[i] === category) return i;
    return -1;
  }

  private index(): void {
    this.places = new Int32Array(0);
    const others = this.others!;
    for (let i = 0; i < others.length; i += 2) this.place(others[i]!, i);
  }

  private place(category: number, at: number): void {
    if (category >= this.places!.length) {
      const grown = new Int32Array(Math.max(category + 1, 2 * this.places!.length));
      grown.set(this.places!);
      this.places = grown;
    }
    this.places![category] = at + 1;
  }

  /** Takes the category at `at` out of `others`; the places after it move up (rare: only when unlearning). */
  private dropOther(at: number): void {
    this.others!.splice(at, 2);
    if (this.places) {
      this.places.fill(0);
      this.index();
    }
  }

  /** The first category left: the next one counted takes its place, so the order stays. */
  private dropFirst(): void {
    const others = this.others;
    this.first = others && others.length > 0 ? others[0]! : -1;
    this.firstCount = others && others.length > 0 ? others[1]! : 0;
    if (others && others.length > 0) this.dropOther(0);
  }
}
