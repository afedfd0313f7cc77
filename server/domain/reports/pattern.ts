/** How many words of a description make its pattern. */
export const PATTERN_WORDS = 4;

/**
 * SQL for the normalised description pattern of a text column: lower-cased, digits removed,
 * punctuation and runs of white space turned into one space, trimmed, the first 4 words.
 * "STREAMFLIX.COM 12/03" -> "streamflix com"; "Card payment 12/03 REWE*Markt Berlin" -> "card payment rewe markt".
 * One definition in SQL, so clusters, detection and rule matching all agree.
 */
export function patternSql(column: string): string {
  return `array_to_string((string_to_array(btrim(regexp_replace(regexp_replace(lower(${column}), '[0-9]+', '', 'g'), '([[:punct:]]|\\s)+', ' ', 'g')), ' '))[1:${PATTERN_WORDS}], ' ')`;
}

/** "streamflix com" -> "Streamflix Com". */
export function titleCase(pattern: string): string {
  return pattern
    .split(" ")
    .map((word) => (word ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(" ");
}

/** True when every word of `inner`, in order, appears as a run of whole words in `outer`. */
export function containsWords(outer: string, inner: string): boolean {
  return inner !== "" && ` ${outer} `.includes(` ${inner} `);
}
