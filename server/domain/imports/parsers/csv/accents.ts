/**
 * Text compared without its accents: summary lines ("Saldo końcowe"), account labels ("Número de
 * Cuenta:"). A module of its own, so that the readers that only compare words (OFX's balance entries)
 * do not load the CSV reader's text tidying.
 */

/** Text with accents and other marks stripped ("é" as "e", "й" as "и", "ą" as "a"); ASCII text as it is. */
export function withoutAccents(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text : text.normalize("NFD").replace(/\p{M}/gu, "");
}
