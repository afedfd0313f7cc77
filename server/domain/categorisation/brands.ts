/**
 * What kind of place a row's merchant is, when it is a brand, chain or transport network that
 * OpenStreetMap's name-suggestion-index names ("rewe" -> shop=supermarket, "dsb" -> transit): the
 * learner's evidence for a merchant the person never paid before (BRANDS.md).
 */
import { BRAND_LEXICON } from "./brand-lexicon";

/** Brand names are the merchant's name, which leads a bank text; later words are often a place or a purpose. */
export const LEADING_WORDS = 3;
/** The longest brand name the lexicon holds, in words. */
const LONGEST = 4;

interface Lexicon {
  kinds: readonly string[];
  names: Map<string, readonly number[]>;
  /** The first words of the names of several words: only these start a longer look-up. */
  leads: Set<string>;
}

let lexicon: Lexicon | null = null;

function load(): Lexicon {
  const lines = BRAND_LEXICON.split("\n");
  const names = new Map<string, readonly number[]>();
  const leads = new Set<string>();
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    const tab = line.indexOf("\t");
    const name = line.slice(0, tab);
    names.set(
      name,
      line
        .slice(tab + 1)
        .split(",")
        .map(Number),
    );
    const space = name.indexOf(" ");
    if (space > 0) leads.add(name.slice(0, space));
  }
  return { kinds: lines[0]!.split(" "), names, leads };
}

/** The kind's name ("shop=supermarket", "transit"). */
export function brandKindName(kind: number): string {
  lexicon ??= load();
  return lexicon.kinds[kind]!;
}

/** What the lexicon says of one word: the kinds of the brand it names alone, and whether longer names start with it. */
export interface BrandWord {
  kinds: readonly number[] | null;
  lead: boolean;
}

const NO_BRAND: BrandWord = { kinds: null, lead: false };

/** One look-up per word; a learner keeps the answer with the word, so a row costs no look-up of words it met. */
export function brandWord(word: string): BrandWord {
  lexicon ??= load();
  const kinds = lexicon.names.get(word) ?? null;
  const lead = lexicon.leads.has(word);
  return kinds || lead ? { kinds, lead } : NO_BRAND;
}

/**
 * The kinds of the brands named in the leading words (merchantWords' output), longest name first:
 * "coop 365 nordhavn" finds "coop 365" (shop=supermarket), not "coop" alone. Added to `into`.
 * `known[i]`, when given, is brandWord of the i-th word (a learner passes what it kept).
 */
export function brandKinds(
  words: readonly string[],
  into: Set<number>,
  known?: ReadonlyArray<BrandWord | undefined>,
): void {
  const end = Math.min(words.length, LEADING_WORDS);
  for (let at = 0; at < end;) {
    const word = known?.[at] ?? brandWord(words[at]!);
    let matched = 1;
    if (word.lead) {
      const names = lexicon!.names;
      for (let length = Math.min(LONGEST, words.length - at); length >= 2; length -= 1) {
        const kinds = names.get(words.slice(at, at + length).join(" "));
        if (!kinds) continue;
        for (const kind of kinds) into.add(kind);
        matched = length;
        break;
      }
    }
    if (matched === 1 && word.kinds) for (const kind of word.kinds) into.add(kind);
    at += matched;
  }
}
