/** The text of a row: cells tidied and joined into one description. */

/** Collapses whitespace, drops the single quotes some banks wrap text in. */
export function tidyText(raw: string): string {
  // Runs of whitespace become one space; single spaces are left alone, so most cells are not copied.
  const text = (isUntidy(raw) ? raw.replace(UNTIDY_SPACES, " ") : raw).trim();
  return text.charCodeAt(0) === 39 && /^'.*'$/.test(text) && text.length >= 2 ? text.slice(1, -1).trim() : text;
}

const UNTIDY_SPACE = /\s{2,}|[^\S ]/;
const UNTIDY_SPACES = /\s{2,}|[^\S ]/g;

/**
 * UNTIDY_SPACE.test, read character by character while the text is ASCII (most bank texts; the
 * pattern was a tenth of a 100k-row file's reading): a tab, line break or form feed, or two spaces
 * in a row. Past ASCII the pattern decides (its \s has Unicode's spaces).
 */
function isUntidy(raw: string): boolean {
  let space = false;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === 32) {
      if (space) return true;
      space = true;
    } else if (code >= 9 && code <= 13) return true;
    else if (code > 126) return UNTIDY_SPACE.test(raw);
    else space = false;
  }
  return false;
}

/**
 * A text cell tidied, or "" when it is a mark for nothing to say: a slash, dashes, dots or
 * asterisks alone ("/", "-", "--", "—", "..."), as some banks and payment apps fill an empty column
 * (WeChat Pay's 备注 is "/"). Anything else is kept, an emoji or a "#" as much as words.
 */
export function cellText(raw: string): string {
  const text = withoutTrailingSemicolon(withoutSlashPadding(tidyText(raw)));
  return NOTHING_TO_SAY.test(text) ? "" : text;
}

/** A text without the " ;" that ends it ("AUTHORISED OVERDRAFT FEE ;", Kiwibank's): a separator, no word. */
function withoutTrailingSemicolon(text: string): string {
  return text.charCodeAt(text.length - 1) === 59 && text.charCodeAt(text.length - 2) === 32
    ? text.slice(0, -2).trimEnd()
    : text;
}

/**
 * A text without the spaced slashes that pad it to its field's end, three or more ("XXX 3333333/ / /
 * / / / / / ", Swedbank Lithuania's purpose; "/ / / / / / / /" alone is nothing to say). A loop from
 * the end, as a pattern anchored at the end takes the square of a long run.
 */
function withoutSlashPadding(text: string): string {
  if (text.charCodeAt(text.length - 1) !== 47) return text;
  let end = text.length;
  let slashes = 0;
  for (; end > 0; end--) {
    const code = text.charCodeAt(end - 1);
    if (code === 47) slashes++;
    else if (code !== 32) break;
  }
  return slashes >= 3 ? text.slice(0, end).trimEnd() : text;
}

/** A slash, dashes or dots alone, or a masked value of asterisks of any length (Nationwide's "****************" merchant). */
const NOTHING_TO_SAY = /^(?:[-‐‑–—/.*_]{1,3}|\*+)$/u;

/**
 * Joins text cells with single spaces, leaving out empty and placeholder parts, and a part the text
 * before it already says word for word (ZKB's "Details" repeats the payee its "Booking text" names:
 * "Debit eBill: Test Utility Company" and "Test Utility Company").
 */
export function joinText(parts: readonly string[]): string {
  if (parts.length === 1) return cellText(parts[0]!);
  let joined = "";
  for (const part of parts) {
    const text = cellText(part);
    if (text === "") continue;
    if (joined === "") joined = text;
    else if (!saysAlready(joined, text)) joined = `${joined} ${text}`;
  }
  return joined;
}

/**
 * Parts longer than these are never compared: a repeated payee is a few words, and the search is a
 * product of the two lengths (a cell of 3 MB against one of 1.5 MB took minutes).
 */
const MAX_REPEATED_PART = 200;
const MAX_SAID = 2_000;

/** `text` appears in `said` as whole words, letter case aside. */
function saysAlready(said: string, text: string): boolean {
  if (text.length > said.length || text.length > MAX_REPEATED_PART || said.length > MAX_SAID) return false;
  const haystack = said.toLowerCase();
  const needle = text.toLowerCase();
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (!isWordCharacter(haystack, at - 1) && !isWordCharacter(haystack, end)) return true;
  }
  return false;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const isWordCharacter = (text: string, at: number) => at >= 0 && at < text.length && WORD_CHARACTER.test(text[at]!);

/**
 * `joinText([description, ...parts])` for a description that is already joined text, without
 * tidying it again: thousands of continuation lines took minutes when each re-read the whole text.
 */
export function continuedText(description: string, parts: readonly string[]): string {
  const more = joinText(parts);
  if (more === "") return description;
  if (description === "") return more;
  const first = tidyText(parts.find((part) => tidyText(part) !== "")!);
  const rest = first === description ? more.slice(first.length).trimStart() : more;
  return rest === "" ? description : `${description} ${rest}`;
}
