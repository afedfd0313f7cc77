/**
 * What kind of place a row's merchant is, when it is a brand, chain or transport network that
 * OpenStreetMap's name-suggestion-index names ("rewe" -> shop=supermarket, "dsb" -> transit), or when
 * the text says it in words of any language that OpenStreetMap's iD editor knows for a kind of place
 * ("pizzeria" -> amenity=restaurant, "farmacia" -> amenity=pharmacy): the learner's evidence for a
 * merchant the person never paid before (BRANDS.md).
 */
import { BRAND_LEXICON } from "./brand-lexicon";
import { PLACE_TERMS } from "./place-terms";

/** Brand names are the merchant's name, which leads a bank text; later words are often a place or a purpose. */
export const LEADING_WORDS = 3;
/** The longest brand name the lexicon holds, in words. */
const LONGEST = 4;

interface Lexicon {
  kinds: readonly string[];
  /** Brand names and place terms (a brand's kinds where a name is both). */
  names: Map<string, readonly number[]>;
  /** The place terms of one word, read anywhere in a text: "Kartenzahlung Schmidt Bäckerei" is a bakery too. */
  placeWords: Set<string>;
  /** The first words of the names of several words: only these start a longer look-up. */
  leads: Set<string>;
}

let lexicon: Lexicon | null = null;

/** A lexicon's lines ("name<TAB>kind,kind"): each name with its kinds, read by `kindOf`. */
function* entries(lines: readonly string[], kindOf: (kind: string) => number): Generator<[string, number[]]> {
  for (const line of lines) {
    const tab = line.indexOf("\t");
    yield [
      line.slice(0, tab),
      line
        .slice(tab + 1)
        .split(",")
        .map(kindOf),
    ];
  }
}

function load(): Lexicon {
  const [kindLine = "", ...brandLines] = BRAND_LEXICON.split("\n");
  const kinds = kindLine.split(" ");
  const kindIds = new Map(kinds.map((kind, id) => [kind, id]));
  const names = new Map<string, readonly number[]>();
  const leads = new Set<string>();
  const placeWords = new Set<string>();
  const add = (name: string, ids: number[]) => {
    names.set(name, ids);
    const space = name.indexOf(" ");
    if (space > 0) leads.add(name.slice(0, space));
  };
  for (const [name, ids] of entries(brandLines, Number)) add(name, ids);
  // The place terms' kinds by name; kinds no brand has join the list.
  const placeKind = (kind: string): number => {
    let id = kindIds.get(kind);
    if (id === undefined) kindIds.set(kind, (id = kinds.push(kind) - 1));
    return id;
  };
  for (const [term, ids] of entries(PLACE_TERMS.split("\n"), placeKind)) {
    if (names.has(term)) continue;
    add(term, ids);
    if (!term.includes(" ")) placeWords.add(term);
  }
  return { kinds, names, leads, placeWords };
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
 * The kinds of the brands and places named in the leading words (merchantWords' output), longest
 * name first: "coop 365 nordhavn" finds "coop 365" (shop=supermarket), not "coop" alone; then the
 * kinds of the one-word place terms among the later words. Added to `into`.
 * `known[i]`, when given, is brandWord of the i-th word (a learner passes what it kept).
 */
export function brandKinds(
  words: readonly string[],
  into: Set<number>,
  known?: ReadonlyArray<BrandWord | undefined>,
): void {
  lexicon ??= load();
  const end = Math.min(words.length, LEADING_WORDS);
  for (let at = 0; at < end;) {
    const word = known?.[at] ?? brandWord(words[at]!);
    let matched = 1;
    if (word.lead) {
      const names = lexicon.names;
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
  const { names, placeWords } = lexicon;
  for (let at = end; at < words.length; at += 1) {
    const word = words[at]!;
    if (placeWords.has(word)) for (const kind of names.get(word)!) into.add(kind);
  }
}
