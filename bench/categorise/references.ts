/**
 * The split and the two reference learners that `bench:categorise` puts next to the service's own:
 * an exact look-up of the normalised description, and a token naive Bayes. Both sit behind
 * `CategoryLearner`, the interface the service's learner is measured through too.
 */
import type { LabelledRow } from "./corpus";

/** What a learner answers for a row: a category and its confidence in [0, 1], or nothing. */
export interface CategoryLearner {
  train(rows: readonly LabelledRow[]): void;
  suggest(row: LabelledRow): { category: string; confidence: number } | null;
  /** Takes one more categorised row in (the online measure); without it the learner is trained again on every row so far. */
  learn?(row: LabelledRow): void;
}

/** The share of a history, oldest first, that a learner is trained on. */
const TRAIN_SHARE = 0.7;

/** Oldest 70% by date for training, newest 30% for testing; rows of one date keep their order. */
export function splitHistory(rows: readonly LabelledRow[]): { train: LabelledRow[]; test: LabelledRow[] } {
  const byDate = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const cut = Math.floor(byDate.length * TRAIN_SHARE);
  return { train: byDate.slice(0, cut), test: byDate.slice(cut) };
}

const DATES = /\b\d{1,4}[./-]\d{1,2}(?:[./-]\d{2,4})?\b/g; // 2024-03-01, 01.03.24, 12/10
const TIMES = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:am|pm|a|p)?\b/g; // 03:03p, 14:30:00
const CARD_MARKS = /(?:x{2,}|\*{2,}|#)\s*\d+/g; // masked card numbers, card and store marks: xxxx1234, ****1234, #7458
const TOKENS_WITH_DIGITS = /\b[a-z]*\d[a-z\d]*\b/g; // digit runs and reference codes (short ones are kept)

/** A token with a digit is kept only when it is short and mostly letters or a short number (7 eleven, 3m, ps5). */
function keepDigitToken(token: string): boolean {
  const digits = token.replace(/\D/g, "").length;
  return token.length <= 5 && digits <= 3 && (digits === token.length || digits < 2);
}

/**
 * Lower case, diacritics folded, card numbers, dates, times, long digit runs and reference codes
 * dropped, punctuation to spaces, whitespace collapsed: "REWE SAGT DANKE 4711 KÖLN 02.03" and
 * "Rewe sagt danke 0815 Köln" both become "rewe sagt danke koln".
 */
function normaliseDescription(text: string): string {
  let s = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("ß", "ss").replace(/['’`]/g, "");
  // Dates, times and card marks go before the digit runs they hold would be cut apart.
  s = s.replace(DATES, " ").replace(TIMES, " ").replace(CARD_MARKS, " ");
  s = s.replace(TOKENS_WITH_DIGITS, (token) => (keepDigitToken(token) ? token : " "));
  return s
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Words of the normalised text; a run in a script written without spaces counts each character as a word. */
function tokens(text: string): string[] {
  return normaliseDescription(text)
    .split(" ")
    .filter((t) => t !== "")
    .flatMap((t) => (CJK.test(t) ? [...t] : [t]));
}

/** The text a learner reads: the description, or the counterparty when the description says nothing. */
function lookupKey(row: LabelledRow): string {
  return normaliseDescription(row.description) || normaliseDescription(row.counterparty);
}

/**
 * The most frequent training category for exactly this normalised description (ties: the one used
 * last); confidence is that category's share of the description's rows. No suggestion otherwise.
 */
export function exactLookupLearner(): CategoryLearner {
  const byKey = new Map<string, Map<string, { count: number; last: number }>>();
  let learned = 0;
  const add = (row: LabelledRow) => {
    const index = learned++;
    const key = lookupKey(row);
    if (key === "") return;
    const counts = byKey.get(key) ?? new Map<string, { count: number; last: number }>();
    const seen = counts.get(row.category) ?? { count: 0, last: index };
    counts.set(row.category, { count: seen.count + 1, last: index });
    byKey.set(key, counts);
  };
  return {
    train(rows) {
      byKey.clear();
      learned = 0;
      for (const row of rows) add(row);
    },
    learn: add,
    suggest(row) {
      const counts = byKey.get(lookupKey(row));
      if (!counts) return null;
      let best: { category: string; count: number; last: number } | null = null;
      let total = 0;
      for (const [category, { count, last }] of counts) {
        total += count;
        if (!best || count > best.count || (count === best.count && last > best.last)) best = { category, count, last };
      }
      return best && { category: best.category, confidence: best.count / total };
    },
  };
}

/**
 * Multinomial naive Bayes over the word tokens of description and counterparty, Laplace smoothing
 * (add one). Words never seen in training carry no evidence, so a row whose words are all new gets
 * the most frequent category; a row with no words at all gets nothing. Confidence is the posterior.
 */
export function naiveBayesLearner(): CategoryLearner {
  let rowsPerCategory = new Map<string, number>();
  let wordCounts = new Map<string, Map<string, number>>();
  let wordsPerCategory = new Map<string, number>();
  let vocabulary = new Set<string>();
  let trainedRows = 0;

  const rowTokens = (row: LabelledRow) => [...tokens(row.description), ...tokens(row.counterparty)];
  const add = (row: LabelledRow) => {
    const words = rowTokens(row);
    if (words.length === 0) return;
    trainedRows++;
    rowsPerCategory.set(row.category, (rowsPerCategory.get(row.category) ?? 0) + 1);
    const counts = wordCounts.get(row.category) ?? new Map<string, number>();
    for (const word of words) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      vocabulary.add(word);
    }
    wordCounts.set(row.category, counts);
    wordsPerCategory.set(row.category, (wordsPerCategory.get(row.category) ?? 0) + words.length);
  };

  return {
    train(rows) {
      rowsPerCategory = new Map();
      wordCounts = new Map();
      wordsPerCategory = new Map();
      vocabulary = new Set();
      trainedRows = 0;
      for (const row of rows) add(row);
    },
    learn: add,
    suggest(row) {
      const all = rowTokens(row);
      if (trainedRows === 0 || all.length === 0) return null;
      const words = all.filter((w) => vocabulary.has(w));
      const scores: { category: string; logP: number }[] = [];
      for (const [category, rowCount] of rowsPerCategory) {
        const counts = wordCounts.get(category);
        const denominator = (wordsPerCategory.get(category) ?? 0) + vocabulary.size;
        let logP = Math.log(rowCount / trainedRows);
        for (const word of words) logP += Math.log(((counts?.get(word) ?? 0) + 1) / denominator);
        scores.push({ category, logP });
      }
      scores.sort((a, b) => b.logP - a.logP);
      const top = scores[0];
      if (!top) return null;
      const evidence = scores.reduce((sum, s) => sum + Math.exp(s.logP - top.logP), 0);
      return { category: top.category, confidence: 1 / evidence };
    },
  };
}
