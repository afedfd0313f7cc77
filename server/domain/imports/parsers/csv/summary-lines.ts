/**
 * Summary lines printed among the rows (opening and closing balances, totals): told by their whole
 * description, in the languages of the banks that print them, a date after it allowed ("Saldo
 * iniziale al 01/01/2024", "Opening balance as of 2024-01-01").
 */

import { withoutAccents as fold } from "./accents";

/** Whole descriptions that mark a summary line, not a transaction (Swedbank prints them as rows); compared without accents (`fold`). */
const SUMMARY_LINES: ReadonlyArray<[RegExp, "opening" | "closing" | "total"]> = (
  [
    [
      /^(opening balance|beginning balance|starting balance|saldo awal|anfangssaldo|alter kontostand|saldo alt|saldovortrag|beginsaldo|vorig saldo|saldo inicial|saldo anterior|solde initial|solde de depart|ancien solde|solde precedent|saldo iniziale|saldo precedente|saldo poczatkowe|saldo otwarcia|ingaende saldo|inngaende saldo|primosaldo|alkusaldo|balance brought forward|previous balance|startsaldo|pocatecni zustatek|nyito egyenleg|входящий остаток|остаток на начало|вхідний залишок|залишок на початок|likutis pradziai|pradinis likutis|sakuma atlikums|algsaldo|skyldig beløp fra forrige faktura|saldo fra forrige faktura|forrige saldo|期初余额|上期余额)$/,
      "opening",
    ],
    [
      /^(closing balance|saldo akhir|endsaldo|neuer kontostand|saldo neu|eindsaldo|nieuw saldo|saldo final|solde final|nouveau solde|saldo finale|saldo contabile|saldo koncowe|saldo zamkniecia|utgaende saldo|ultimosaldo|loppusaldo|balance carried forward|new balance|konecny zustatek|zaro egyenleg|исходящий остаток|остаток на конец|вихідний залишок|залишок на кінець|likutis pabaigai|galutinis likutis|beigu atlikums|loppsaldo|saldo dia|saldo do dia|saldo del dia|期末余额|本期余额)$/,
      "closing",
    ],
    [
      /^(turnover|total|totals|subtotal|summe|zwischensumme|transactions total|umsatzsumme|saldo|balance|totale|totaal|razem|suma|apyvarta|apgrozijums|kaive|итого|всього|合计|总计)$/,
      "total",
    ],
  ] as const
).map(([pattern, kind]) => [new RegExp(fold(pattern.source), "u"), kind]);

/** The longest whole description SUMMARY_LINES name ("balance carried forward"). */
const LONGEST_SUMMARY = Math.max(
  ...SUMMARY_LINES.flatMap(([pattern]) =>
    pattern.source
      .replace(/^\^\(|\)\$$/g, "")
      .split("|")
      .map((words) => words.length),
  ),
);

/** A date after a summary's words, with the word before it: " al 01/01/2024", " as of 2024-01-01", " per 31.12.2023". */
const DATE_TAIL =
  /\s+(?:(?:al|am|au|as of|as at|at|on|per|del|zum|vom|du|de|op|na|на|на дату)\s+)?\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/u;
/** The longest such tail (" as of 2024-01-01"). */
const DATE_TAIL_LENGTH = 20;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Where the words of a text start and end, without the spaces, punctuation and symbols around them:
 * a separator the export left in the cell ("|SALDO FINALE", BancoPosta), a colon or a full stop
 * after them ("Saldo neu:"). A loop, not a regular expression anchored at the end, which takes the
 * square of a run's length.
 */
function wordSpan(text: string): { start: number; end: number } {
  let start = 0;
  while (start < text.length && !LETTER_OR_DIGIT.test(text[start]!)) start++;
  let end = text.length;
  while (end > start && !LETTER_OR_DIGIT.test(text[end - 1]!)) end--;
  return { start, end };
}

function withoutSurrounding(text: string): string {
  const { start, end } = wordSpan(text);
  return text.slice(start, end);
}

/** Longer than this, a description is no summary line, whatever its script: nothing longer is compared. */
const LONGEST_SUMMARY_TEXT = 256;

/** What a line of figures that is no transaction says: the balance before the rows, the one after them, or a sum. */
export type SummaryKind = "opening" | "closing" | "total";

/** The summary a row's description marks, or null for a transaction. */
export function summaryKind(description: string): SummaryKind | null {
  // ASCII text has no accents to strip, and most descriptions are ASCII: skip the costly normalisation.
  const ascii = /^[\x00-\x7f]*$/.test(description);
  // Longer than any summary line and a date after it: a transaction (most descriptions), told without lower-casing it.
  if (ascii) {
    const { start, end } = wordSpan(description);
    if (end - start > LONGEST_SUMMARY + DATE_TAIL_LENGTH) return null;
  }
  if (description.length > LONGEST_SUMMARY_TEXT) return null;
  const plain = ascii ? description : fold(description);
  const key = unspaced(withoutSurrounding(withoutSurrounding(plain.toLowerCase()).replace(DATE_TAIL, "")));
  return SUMMARY_LINES.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

/** Letters spaced out for show ("S A L D O", Banco do Brasil's; "S A L D O  F I N A L") as the words they spell. */
const SPACED_LETTERS = /^\p{L}(?: {1,3}\p{L}){2,}$/u;

function unspaced(key: string): string {
  if (!SPACED_LETTERS.test(key)) return key;
  return key
    .split(/ {2,}/)
    .map((word) => word.replaceAll(" ", ""))
    .join(" ");
}
