/**
 * Text a person chose (a workspace's name) inside an e-mail the service writes. Anyone may make a
 * workspace and invite any address, so such text is a way to put words into our mail: it must not
 * break a header (CR/LF in the Subject), start a line of its own, run on for paragraphs, or pass
 * for a link we wrote ("Your statement is ready: https://evil.example/...").
 */

/** Characters of user text shown in a mail; longer text is cut with "...". */
export const MAX_MAIL_NAME_LENGTH = 60;

// Line and paragraph breaks of every kind, other controls, and invisible format characters
// (bidirectional overrides that reorder what the reader sees, zero-width characters).
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/**
 * The text on one line, at most MAX_MAIL_NAME_LENGTH characters, in double quotes (its own turned
 * into single ones), with what a mail client would make a link defanged the way security notices
 * write indicators: "evil[.]example", "https[:]//", "name[@]host".
 */
export function quotedForMail(text: string): string {
  const oneLine = text.replace(BREAKS_AND_CONTROLS, " ").replace(/\s+/g, " ").trim().replaceAll('"', "'");
  const defanged = oneLine
    .replace(/:\/\//g, "[:]//")
    .replace(/(?<=[\p{L}\p{N}_-])\.(?=[\p{L}\p{N}_-])/gu, "[.]")
    .replace(/@/g, "[@]");
  const characters = Array.from(defanged);
  const shown =
    characters.length > MAX_MAIL_NAME_LENGTH
      ? `${characters
          .slice(0, MAX_MAIL_NAME_LENGTH - 3)
          .join("")
          .trimEnd()}...`
      : defanged;
  return `"${shown}"`;
}

/** A header value (a Subject, an address) holds no line break or other control character: anything else is a bug of ours. */
export function assertHeaderValue(value: string, header: string): void {
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value))
    throw new Error(`the ${header} of an e-mail holds a line break or control character`);
}
