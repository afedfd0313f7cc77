/**
 * Debit/credit marks: the words and signs banks print beside an unsigned amount ("D"/"C", "Soll"/
 * "Haben", "Af"/"Bij", "支出"/"收入"), and the marks of rows that move no money of the account.
 */
export type IndicatorDirection = -1 | 0 | 1;

const DEBIT_WORDS = new Set([
  "d",
  "dr",
  "db",
  "debit",
  "debet",
  "s",
  "soll",
  "af",
  "outflow",
  "out",
  "kiadas",
  "kiadás",
  "-",
  "withdrawal",
  "l",
  "cargo",
  "dare",
  "uscita",
  "addebito",
  "дебет",
  "debito",
  "débito",
  "lastschrift",
  "支出",
  "支",
  "借",
  "支取",
  "出账",
  "转出",
  "出金",
]);
const CREDIT_WORDS = new Set([
  "c",
  "cr",
  "credit",
  "h",
  "haben",
  "bij",
  "inflow",
  "in",
  "bevetel",
  "bevétel",
  "+",
  "k",
  "kredit",
  "deposit",
  "abono",
  "avere",
  "entrata",
  "accredito",
  "кредит",
  "credito",
  "crédito",
  "gutschrift",
  "收入",
  "收",
  "贷",
  "貸",
  "存入",
  "入账",
  "入賬",
  "转入",
  "入金",
]);

/** Marks of rows that move no money of this account (a refund to a card, a transfer between one's own pots). */
const NEUTRAL_WORDS = new Set(["不计收支", "不計收支", "/", "其他", "其它"]);

export function isNeutralMark(raw: string): boolean {
  return NEUTRAL_WORDS.has(raw.trim());
}

/** +1 for a credit word, -1 for a debit word, 0 for anything else. */
export function indicatorDirection(raw: string): IndicatorDirection {
  const word = raw.trim().toLowerCase();
  if (CREDIT_WORDS.has(word)) return 1;
  if (DEBIT_WORDS.has(word)) return -1;
  // A mark in two languages ("贷 Cr", "借 Dr", "Soll (S)") counts when its words agree.
  const words = word.split(/[\s()/]+/).filter((w) => w !== "");
  if (words.length < 2 || words.length > 3) return 0;
  const directions = new Set(words.map((w) => (CREDIT_WORDS.has(w) ? 1 : DEBIT_WORDS.has(w) ? -1 : 0)));
  return directions.size === 1 ? ([...directions][0] as IndicatorDirection) : 0;
}
