/**
 * How plausible a decoded text is as the words of a bank statement, to choose between single-byte
 * code pages that all decode the same bytes without error. Only the characters beyond ASCII and
 * their neighbours count, so the readings of one file compare fairly; higher is more plausible.
 */

/** The lower-case letters beyond ASCII of the languages whose banks still send single-byte files. */
const ALPHABETS: readonly ReadonlySet<string>[] = [
  "äöüß", // German
  "àâæçéèêëîïôœùûüÿ", // French
  "áéíñóúü", // Spanish
  "àèéìíîòóù", // Italian
  "áâãàçéêíóôõú", // Portuguese
  "áéèëïóöü", // Dutch
  "æøåéó", // Danish, Norwegian
  "åäöéšž", // Swedish, Finnish
  "áðéíóúýþæö", // Icelandic
  "äõöüšž", // Estonian
  "áčďéěíňóřšťúůýž", // Czech
  "áäčďéíĺľňóôŕšťúýž", // Slovak
  "ąćęłńóśźż", // Polish
  "áéíóöőúüű", // Hungarian
  "čćđšž", // Slovenian, Croatian, Bosnian
  "ăâîșşțţ", // Romanian
  "ąčęėįšųūž", // Lithuanian
  "āčēģīķļņšūž", // Latvian
  "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", // Russian, Bulgarian
  "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя", // Ukrainian
  "абвгдеёжзійклмнопрстуўфхцчшыьэюя", // Belarusian
  "абвгдђежзијклљмнњопрстћуфхцчџш", // Serbian, Macedonian
].map((letters) => new Set(letters));

/** Letters that only Central European text produces at the bytes where Windows-1250 and -1252 differ. */
const CENTRAL_EUROPEAN_LETTERS = new Set("řěůőűłąęśźżňťďľŘĚŮŐŰŁĄĘŚŹŻŇŤĎĽ");
/** Letters that only Baltic text produces at the bytes where Windows-1257 and -1252 differ. */
const BALTIC_LETTERS = new Set("ėįųūāēīģķļņĖĮŲŪĀĒĪĢĶĻŅ");
/** Windows-1252 readings of those bytes that are rare in Western European bank text. */
const UNLIKELY_WESTERN_LETTERS = new Set("ìùõûðþºªÌÙÕÛÐÞ");
/** Symbols at bytes where other code pages have letters (ISO-8859-1's ¤ where ISO-8859-15 has €). */
const UNLIKELY_SYMBOLS = new Set("¤¦¨´¸¹³¾");
/** Symbols beyond ASCII that statement text puts right next to a letter or digit. */
const ATTACHABLE_SYMBOLS = new Set("’‘“”„«»–—…€£¥¢°§™®•·½¼×±²");

const LETTER = /\p{L}/u;
const WORD = /\p{L}+/gu;
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

function isLetter(c: string): boolean {
  return c !== "" && LETTER.test(c);
}

function isAlphanumeric(c: string): boolean {
  return (c >= "0" && c <= "9") || isLetter(c);
}

/** Controls, undefined bytes and stray symbols, judged one character at a time. */
function characterScore(text: string): number {
  let score = 0;
  const letters = new Set<string>();
  // Single-byte code pages only produce BMP characters, so indexing by code unit is safe here.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    const c = text.charAt(i);
    const before = text.charAt(i - 1);
    const after = text.charAt(i + 1);
    if (isLetter(c)) {
      letters.add(c);
      // A lone letter glued to a number ("75ø"): a symbol of another code page.
      if (before >= "0" && before <= "9" && !isLetter(after) && c !== "ª" && c !== "º") score -= 2;
    } else if (code <= 0x9f || code === 0xfffd) score -= 10;
    else if (code >= 0x2500 && code <= 0x25ff)
      score -= 3; // box drawing: DOS line art read into words
    else if (UNLIKELY_SYMBOLS.has(c)) score -= isLetter(before) && isLetter(after) ? 5 : 2;
    else if (isLetter(before) && isLetter(after) && c !== "’") score -= 5;
    else if ((isAlphanumeric(before) || isAlphanumeric(after)) && !ATTACHABLE_SYMBOLS.has(c)) score -= 4;
  }
  // Counted once per letter: a repeated word is not more evidence.
  for (const c of letters) {
    if (CENTRAL_EUROPEAN_LETTERS.has(c) || BALTIC_LETTERS.has(c)) score += 1;
    else if (UNLIKELY_WESTERN_LETTERS.has(c)) score -= 1;
  }
  return score;
}

/** Words that mix scripts, flip case in their middle, or string accented Latin letters together. */
function wordScore(word: string): number {
  if (/^[A-Za-z]*$/.test(word)) return 0;
  let score = 0;
  if (SCRIPTS.filter((script) => script.test(word)).length > 1) score -= 6;
  if (/[\u00c0-\u024f]{3}/u.test(word)) score -= 4; // Cyrillic read as Latin: "Îïëàòà"
  for (let i = 1; i < word.length; i++) {
    const before = word.charAt(i - 1);
    const c = word.charAt(i);
    const accented = before.charCodeAt(0) >= 0x80 || c.charCodeAt(0) >= 0x80;
    if (accented && before !== before.toUpperCase() && c !== c.toLowerCase()) {
      score -= 3; // "оПЛАТА": KOI8-R and Windows-1251 swap the cases
      break;
    }
  }
  return score;
}

/** How many letters beyond ASCII fall outside the alphabet of the one language that fits best. */
function lettersForeignToEveryLanguage(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) {
    if (c.charCodeAt(0) < 0x80 || !isLetter(c)) continue;
    const lower = c.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  if (counts.size === 0) return 0;
  let fewest = Infinity;
  for (const alphabet of ALPHABETS) {
    let foreign = 0;
    for (const [letter, count] of counts) if (!alphabet.has(letter)) foreign += count;
    fewest = Math.min(fewest, foreign);
  }
  return fewest;
}

export function plausibility(text: string): number {
  let score = characterScore(text);
  for (const [word] of text.matchAll(WORD)) score += wordScore(word);
  return score - 3 * lettersForeignToEveryLanguage(text);
}
