/**
 * Summary lines printed among the rows (opening and closing balances, totals): told by their whole
 * description, in the languages of the banks that print them.
 */

/** Whole descriptions that mark a summary line, not a transaction (Swedbank prints them as rows). */
const SUMMARY_LINES: ReadonlyArray<[RegExp, "opening" | "closing" | "total"]> = [
  [
    /^(opening balance|anfangssaldo|alter kontostand|beginsaldo|saldo inicial|saldo anterior|solde initial|solde de depart|balance brought forward|startsaldo|pocatecni zustatek|nyito egyenleg)$/,
    "opening",
  ],
  [
    /^(closing balance|endsaldo|neuer kontostand|eindsaldo|saldo final|solde final|balance carried forward|konecny zustatek|zaro egyenleg)$/,
    "closing",
  ],
  [/^(turnover|total|totals|subtotal|summe|zwischensumme|transactions total|umsatzsumme|saldo|balance)$/, "total"],
];

/** The longest whole description SUMMARY_LINES name ("balance carried forward"). */
const LONGEST_SUMMARY = Math.max(
  ...SUMMARY_LINES.flatMap(([pattern]) =>
    pattern.source
      .replace(/^\^\(|\)\$$/g, "")
      .split("|")
      .map((words) => words.length),
  ),
);

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/** The length of an ASCII description as summaryKind compares it: without trailing ":" or "." and surrounding spaces. */
function summaryKeyLength(text: string): number {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 58 || text.charCodeAt(end - 1) === 46)) end--;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  let start = 0;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  return end - start;
}

/** The summary a row's description marks, or null for a transaction. */
export function summaryKind(description: string): "opening" | "closing" | "total" | null {
  // ASCII text has no accents to strip, and most descriptions are ASCII: skip the costly normalisation.
  const ascii = /^[\x00-\x7f]*$/.test(description);
  // Longer than any summary line: a transaction (most descriptions), told without lower-casing it.
  if (ascii && summaryKeyLength(description) > LONGEST_SUMMARY) return null;
  const plain = ascii ? description : description.normalize("NFD").replace(/\p{M}/gu, "");
  const key = plain
    .toLowerCase()
    .replace(/[:.]+$/, "")
    .trim();
  return SUMMARY_LINES.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}
