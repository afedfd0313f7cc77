/**
 * The words of a transaction's text that say who was paid: what the categoriser learns from and
 * what a rule made from a categorisation matches. Bank texts wrap the merchant in noise that
 * changes from one payment to the next (card numbers, dates, terminal and reference codes, the
 * payment processor's prefix, how the payment was made); two payments to one shop should read alike.
 */

const DATES = /\b\d{1,4}[./-]\d{1,2}(?:[./-]\d{2,4})?\b/g; // 2024-03-01, 01.03.24, 12/10
const TIMES = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:am|pm|a|p)?\b/g; // 03:03p, 14:30:00
const CARD_MARKS = /(?:x{2,}|\*{2,}|#)\s*\d+/g; // xxxx1234, ****1234, #7458
const TOKENS_WITH_DIGITS = /\b[\p{L}]*\d[\p{L}\d]*\b/gu; // terminal ids, references, long numbers
/** A payment processor's prefix before the merchant: "SQ *BLUE BOTTLE", "PAYPAL *NETFLIX", "SumUp *Café". */
const PROCESSOR_PREFIX = /^\s*(?:sq|sumup|paypal|pp|tst|zettle_?|izettle|sp|amzn mktp|amazon mktplace)\s*\*\s*/i;
const NON_ASCII = /[^\x00-\x7f]/;
const DIGIT = /\d/;
const LETTER = /\p{L}/u;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
/** The separators of a lower-cased ASCII text: what is not a letter or digit. */
const ASCII_SEPARATORS = /[^a-z0-9]+/;
/**
 * Scripts written without spaces between words (Chinese, Japanese): each character is a word of its
 * own, and the pairs of neighbours the learner counts stand for the words. Korean puts spaces between
 * its words, so a Hangul word stays whole.
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/**
 * Accents to fold away (é -> e, ü -> u, й -> и), but not the kana voiced sound marks, which make
 * another letter (ブ is not フ: "バス", bus, is not "ハス", lotus).
 */
const ACCENTS = /(?![\u3099\u309a])\p{M}/gu;

/** How a payment was made, never who was paid (English and German bank texts). */
const PAYMENT_WORDS = new Set([
  "pos",
  "visa",
  "mastercard",
  "maestro",
  "debit",
  "credit",
  "card",
  "purchase",
  "payment",
  "contactless",
  "recurring",
  "kartenzahlung",
  "lastschrift",
  "basislastschrift",
  "folgelastschrift",
  "sepa",
  "girocard",
  "ec",
  "ueberweisung",
  "uberweisung",
  "dauerauftrag",
  "gutschrift",
  "einzug",
  "zahlung",
  "sagt",
  "danke",
  "vielen",
  "dank",
  "ref",
  "mandat",
  "kundenreferenz",
  "end",
  "to",
  "eref",
  "mref",
  "cred",
  "svwz",
  "abwa",
  "the",
  "and",
  "of",
  "fur",
  "for",
]);

/** A digit-bearing token survives only when short and mostly letters, or a short number (7 eleven, 3m, ps5); never a code with a leading zero. */
function keepDigitToken(token: string): boolean {
  if (token.startsWith("0")) return false;
  const digits = token.replace(/\D/g, "").length;
  return token.length <= 5 && digits <= 3 && (digits === token.length || digits < 2);
}

/** Lower case, diacritics folded, noise dropped: the words of `text`, in order. */
export function merchantWords(text: string | null | undefined): string[] {
  if (!text) return [];
  // Most bank texts are plain ASCII, and many have no digit: the steps that cannot change them are skipped.
  const ascii = !NON_ASCII.test(text);
  let s = text.replace(PROCESSOR_PREFIX, " ");
  // NFC puts back together what NFKD took apart and is still there: a Hangul syllable (its jamo are
  // letters, not accents), a kana and its voiced mark; NFKD's compatibility forms stay folded (ＡＢＣ, ﾌﾞ).
  if (!ascii) s = s.normalize("NFKD").replace(ACCENTS, "").normalize("NFC");
  s = s.toLowerCase();
  s = ascii ? s.replace(/['`]/g, "") : s.replaceAll("ß", "ss").replace(/['’`]/g, "");
  // A name made of letters and digits ("Eat24", "Cloud9") reads like a reference; it is the merchant when nothing else is left.
  const named: string[] = [];
  if (DIGIT.test(s)) {
    s = s.replace(DATES, " ").replace(TIMES, " ").replace(CARD_MARKS, " ");
    s = s.replace(TOKENS_WITH_DIGITS, (token) => {
      if (keepDigitToken(token)) return token;
      if (LETTER.test(token)) named.push(token);
      return " ";
    });
  }
  const words = s
    .split(ascii ? ASCII_SEPARATORS : SEPARATORS)
    .filter((word) => word !== "" && !PAYMENT_WORDS.has(word));
  const kept = words.length > 0 ? words : named.filter((word) => !PAYMENT_WORDS.has(word));
  return ascii || !UNSPACED.test(text) ? kept : kept.flatMap((word) => (UNSPACED.test(word) ? [...word] : [word]));
}

/** The text as one key: its merchant words joined ("REWE SAGT DANKE 4711" and "Rewe 0815" -> "rewe"). */
export function merchantKey(text: string | null | undefined): string {
  return merchantWords(text).join(" ");
}

/** A word's character trigrams with its edges marked ("rewe" -> "^re", "rew", "ewe", "we$"); a Chinese or Japanese character is its own. */
export function merchantGrams(word: string): string[] {
  if (UNSPACED.test(word) || word.length < 3) return [];
  const padded = `^${word}$`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.push(padded.slice(i, i + 3));
  return grams;
}
