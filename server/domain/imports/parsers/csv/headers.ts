/**
 * Reading column headers: names normalised (lower case, no diacritics, punctuation as single
 * spaces, currency codes taken out: "Betrag (EUR)" -> "betrag" + EUR) and matched against the
 * vocabulary of header-vocabulary.ts, whole or inside longer names; and the cells of currency columns.
 */
import { type ColumnRole, type NamePattern, ROLE_NAMES } from "./header-vocabulary";

export type { ColumnRole } from "./header-vocabulary";
const CURRENCY_CODES = new Set(
  (
    "EUR USD GBP CHF CZK HUF PLN SEK NOK DKK SGD AUD CAD NZD JPY CNY HKD INR BRL MXN ZAR TRY RON BGN RUB ILS THB " +
    "IDR MYR KRW TWD AED SAR ISK UAH RSD " +
    "ARS CLP COP VND PHP EGP KWD BHD OMR JOD TND " +
    // Africa, the Gulf, South Asia, Latin America and the former Soviet Union (GTBank's naira).
    "NGN KES GHS QAR PKR BDT LKR NPR UYU KZT AZN BYN MDL MKD TZS UGX ZMW XOF XAF DOP " +
    // The rouble's code before 1998, which Russian banks' exports (VTB, Sberbank) still print, and the
    // currencies the euro replaced in the Baltics and Croatia, which older statements print (Swedbank
    // Lithuania's LTL rows).
    "RUR LTL LVL EEK HRK"
  ).split(" "),
);

/** Currencies Chinese and Japanese statements name in words rather than by code. */
const CURRENCY_NAMES: Readonly<Record<string, string>> = {
  // Romania's leu as Romanian banks write the currency (Raiffeisen's "Valuta: LEI").
  LEI: "RON",
  人民币: "CNY",
  人民幣: "CNY",
  美元: "USD",
  港币: "HKD",
  港元: "HKD",
  港幣: "HKD",
  欧元: "EUR",
  歐元: "EUR",
  日元: "JPY",
  円: "JPY",
  英镑: "GBP",
  英鎊: "GBP",
  澳元: "AUD",
  加元: "CAD",
  新台币: "TWD",
  新台幣: "TWD",
  新加坡元: "SGD",
  瑞士法郎: "CHF",
  // Nigeria's currency by its name (GTBank's "Currency:Naira").
  Naira: "NGN",
  NAIRA: "NGN",
};

/**
 * Currency signs a currency column may hold instead of a code (Israel's MAX card: "₪"), each one
 * currency's alone; "$", "¥" and "kr" are several currencies' and name none.
 */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  "€": "EUR",
  "£": "GBP",
  "₪": "ILS",
  "₽": "RUB",
  "₴": "UAH",
  "₹": "INR",
  "₩": "KRW",
  "฿": "THB",
  "₺": "TRY",
  "₫": "VND",
  "₱": "PHP",
  "₦": "NGN",
  "৳": "BDT",
  R$: "BRL",
  zł: "PLN",
  Kč: "CZK",
  Ft: "HUF",
  руб: "RUB",
  "руб.": "RUB",
  грн: "UAH",
  "грн.": "UAH",
  лв: "BGN",
  "лв.": "BGN",
};

/**
 * The currency a currency cell names: a code ("EUR"; a known one in any letter case, "usd"), a
 * name a bank writes instead ("人民币") or a currency's own sign ("₪"), else null.
 */
export function currencyOfCell(value: string): string | null {
  const text = value.trim();
  if (/^[A-Z]{3}$/.test(text)) return CURRENCY_NAMES[text] ?? text;
  if (/^[A-Za-z]{3}$/.test(text)) return isCurrencyCode(text) ? text.toUpperCase() : null;
  return CURRENCY_NAMES[text] ?? CURRENCY_SIGNS[text] ?? null;
}

/** A cell of a currency column: three capital letters (retired codes such as LTL too), or a currency's name. */
export function isCurrencyCell(value: string): boolean {
  return currencyOfCell(value) !== null;
}

/** True for the ISO 4217 codes statements commonly carry (strict enough to strip from header names). */
export function isCurrencyCode(value: string): boolean {
  return CURRENCY_CODES.has(value.trim().toUpperCase()) && /^[A-Za-z]{3}$/.test(value.trim());
}

export interface NormalisedHeader {
  name: string;
  /** A currency code the header carries, as in "Betrag (EUR)" or "Částka CZK". */
  currency: string | null;
  /** Every currency the header's unit may be, `currency` first: 元 is the yuan's unit and the Taiwan, Hong Kong and Macau dollars'. */
  currencies?: readonly string[];
}

/**
 * Lower case, no diacritics, "<E4>"-style escapes decoded, camel case split, punctuation collapsed,
 * currency codes taken out.
 */
export function normaliseHeader(raw: string): NormalisedHeader {
  const words = raw
    .replace(/<([0-9a-f]{2})>/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    // German gender-inclusive forms (DKB): "Zahlungsempfänger*in" as "Zahlungsempfänger",
    // "Zahlungspflichtige*r" as "Zahlungspflichtiger".
    .replace(/(\p{L})[*:](?:innen|in)\b/gu, "$1")
    .replace(/(\p{L})[*:]([re])\b/gu, "$1$2")
    // Names written as one word in camel case ("TransactionDate", "CounterpartyName") as their words.
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/[łŁ]/g, "l")
    .replace(/[øØ]/g, "o")
    .replace(/[æÆ]/g, "ae")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "")
    // "Dt" is how Indian banks shorten a date's name (HDFC's "Value Dt", "Txn Dt", "Posting Dt").
    .map((w) => (w === "dt" ? "date" : w));
  // A currency's own sign beside the name ("Betrag (€)", DKB) says the column's currency as a code does.
  const sign = HEADER_SIGN.exec(raw)?.[0];
  let currency: string | null = sign ? (CURRENCY_SIGNS[sign] ?? null) : null;
  let currencies: readonly string[] | undefined;
  const kept = words.filter((word) => {
    const unit = HEADER_UNITS.get(word);
    if (words.length > 1 && (isCurrencyCode(word) || unit)) {
      if (currency === null && unit) currencies = unit;
      currency ??= unit?.[0] ?? word.toUpperCase();
      return false;
    }
    return true;
  });
  return currencies ? { name: kept.join(" "), currency, currencies } : { name: kept.join(" "), currency };
}

/**
 * A money's unit written as a word of its own beside a column's name, and the currencies it may
 * be, the likeliest first: "入出金(円)" (Rakuten Bank) is in yen; "金额(元)" (WeChat Pay, Alipay) in
 * yuan, unless the account keeps Taiwan, Hong Kong or Macau dollars, whose unit 元 is too.
 */
const HEADER_UNITS: ReadonlyMap<string, readonly string[]> = new Map([
  ["円", ["JPY"]],
  ["元", ["CNY", "TWD", "HKD", "MOP"]],
  // "Amount(in Rs)" (ICICI): rupees, India's unless the account keeps another country's.
  ["rs", ["INR", "PKR", "LKR", "NPR", "MUR", "SCR"]],
  // "Debit (RM)" (Malaysian banks): ringgit; "Jumlah (Rp)": rupiah.
  ["rm", ["MYR"]],
  ["rp", ["IDR"]],
]);

/** The currency signs of CURRENCY_SIGNS that are one symbol, found anywhere in a header. */
const HEADER_SIGN = new RegExp(
  `[${Object.keys(CURRENCY_SIGNS)
    .filter((sign) => /^\p{Sc}$/u.test(sign))
    .join("")}]`,
  "u",
);

/** Scripts written without spaces between words, whose phrases are found inside longer names. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Phrases shorter than this ("in", "to", "s h") only count as a whole header, never inside a longer one. */
const MIN_PARTIAL_LENGTH = 4;
/** A name that only contains a known phrase ranks after every exact name of the role. */
const PARTIAL_PRIORITY = 1000;

/** A role's priority says the name only holds one of its phrases among other words. */
export function isPartialMatch(priority: number): boolean {
  return priority >= PARTIAL_PRIORITY;
}

interface Phrase {
  role: ColumnRole;
  priority: number;
  text: string | null;
  pattern: RegExp | null;
}

// The vocabulary normalised as headers are ("Дата операції" and "дата операции" fold alike).
const PHRASES: readonly Phrase[] = (Object.entries(ROLE_NAMES) as Array<[ColumnRole, readonly NamePattern[]]>).flatMap(
  ([role, patterns]) =>
    patterns.map((p, priority) =>
      typeof p === "string"
        ? { role, priority, text: normaliseHeader(p).name, pattern: null }
        : { role, priority, text: null, pattern: p },
    ),
);

/**
 * The roles a normalised header name can play, each with its priority (lower is stronger): the
 * whole name as a known phrase, else a known phrase among its words ("cantidad eur movimiento",
 * "suma debit", "saldo nach buchung"), ranked after every whole-name match.
 */
export function rolesForName(name: string): ReadonlyArray<{ role: ColumnRole; priority: number }> {
  if (name === "") return [];
  // The same few names are asked about many times per file (header search, mapping, every pairing tried).
  const known = ROLES_BY_NAME.get(name);
  if (known) return known;
  const roles = matchRoles(name);
  if (ROLES_BY_NAME.size >= ROLES_CACHE_LIMIT) ROLES_BY_NAME.clear();
  ROLES_BY_NAME.set(name, roles);
  return roles;
}

/** Names seen lately and their roles; bounded, as header names come from untrusted files. */
const ROLES_BY_NAME = new Map<string, ReadonlyArray<{ role: ColumnRole; priority: number }>>();
const ROLES_CACHE_LIMIT = 2_000;

/** The roles that name the other party of a row. */
const PARTY_ROLES: ReadonlySet<ColumnRole> = new Set(["counterparty", "payer", "payee"]);
/** Words naming something about a party rather than who it is, in the languages of the vocabulary. */
const PARTY_ATTRIBUTE =
  / (?:area|category|city|country|address|street|zip|postcode|postal|mcc|code|type|id|number|no|nr|iban|bic|account|bank|ort|stadt|land|adresse|kategorie|ciudad|pais|categoria|ville|pays|rekening|konto|cod|fiscal|banca|cont|compte|banque|reference|referencia|motif) /;
/**
 * Words saying a name is the card's or the account's own holder, not the other party: "Name On Card"
 * (Mercury), "Primary / Addon Customer Name" (HDFC), Citi's "Member Name" (the card member, as a credit
 * union's member is its customer), "Karteninhaber", "Titular". Not "customer" or
 * "client" alone: a merchant's export names its payer so, and SWIFT an "Ordering Customer".
 */
const HOLDER_WORD =
  / (?:on card|cardholder|card holder|card member|cardmember|member|addon|add on|karteninhaber|kontoinhaber|titular|titulaire) /;

/**
 * Words naming the bank's own office that keeps the account or booked the row, never the other party:
 * Axis Bank's "Branch Name(SOL)", "Home Branch", "Nombre Sucursal", "Oficina", "Agence".
 */
const BANK_OFFICE_WORD = / (?:branch|sucursal|oficina|agence|agencia|filiale) /;

/**
 * Words naming the receiving or other party of a payment. Not the payer's ("Auftraggeber IBAN" names
 * the holder's own account on every payment out, Oberbank's), whose account the one-account test
 * (ownAccountOf) still judges.
 */
const PARTY_WORD =
  / (?:payee|beneficiary|recipient|counterparty|counter party|partner|creditor|merchant|empfanger|begunstigter|tegenrekening|tegenpartij|contrepartie|beneficiario|kontrahent|kontrahenta|odbiorcy|контрагента|кореспондента|корреспондента|отримувача|получателя) /;
/**
 * A named month's figure on a card bill ("10月支払金額": what October's bill collects of the purchase;
 * "11月繰越残高": what is left of it for November, Rakuten Card's): no movement of the row, and no
 * running balance either.
 */
const MONTH_FIGURE = /^\d{1,2} ?月/;
const MONEY_ROLES: ReadonlySet<ColumnRole> = new Set(["amount", "debit", "credit", "balance"]);
/** Words naming an account, whose label or name is the account's, not a row's text. */
const ACCOUNT_WORD = / (?:account|konto|compte|cuenta|conto|rekening) /;
/**
 * Words naming an identifier, whose column holds numbers that are no money: Japan Post Bank's
 * "入出金明細ＩＤ" (the id of the deposit or withdrawal, 15 digits a row) holds 出金, a debit's word.
 */
const IDENTIFIER_WORD =
  / (?:id|ids|nr|number|nummer|numero) |(?:ｉｄ|番号|编号|號碼|号码) $|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]id $/u;
/** A fee's amount beside the amount that moved. */
const FEE_AMOUNT = / (?:fee|fees|commission|charge|charges|gebuhr|frais|comision) (?:amount|betrag|montant|importe)\b/;

function matchRoles(name: string): ReadonlyArray<{ role: ColumnRole; priority: number }> {
  const padded = ` ${name} `;
  const best = new Map<ColumnRole, number>();
  for (const phrase of PHRASES) {
    let priority: number | null = null;
    if (phrase.pattern) priority = phrase.pattern.test(name) ? phrase.priority : null;
    else if (phrase.text === name) priority = phrase.priority;
    else if (phrase.text && phrase.text.length >= MIN_PARTIAL_LENGTH && padded.includes(` ${phrase.text} `)) {
      priority = PARTIAL_PRIORITY + phrase.priority;
    } else if (
      phrase.text &&
      phrase.text.length >= 2 &&
      UNSPACED_SCRIPT.test(phrase.text) &&
      name.includes(phrase.text)
    ) {
      // Chinese and Japanese write words without spaces: "收入金额" holds "收入", "交易金额 收入" too.
      priority = PARTIAL_PRIORITY + phrase.priority;
    }
    // "Merchant Area", "Merchant Category", "Payee IBAN": a party's attribute, not the party; nor the
    // holder ("Name On Card") or the bank's branch ("Branch Name").
    if (
      priority !== null &&
      isPartialMatch(priority) &&
      PARTY_ROLES.has(phrase.role) &&
      (PARTY_ATTRIBUTE.test(padded) || HOLDER_WORD.test(padded) || BANK_OFFICE_WORD.test(padded))
    )
      priority = null;
    // "Payee Account Number" (Wise) is the other party's account; "Source fee amount" a fee, not what moved.
    if (priority !== null && isPartialMatch(priority) && phrase.role === "account" && PARTY_WORD.test(padded))
      priority = null;
    if (priority !== null && isPartialMatch(priority) && phrase.role === "amount" && FEE_AMOUNT.test(padded))
      priority = null;
    // "Account Label" (Boursorama's "accountLabel": "BOURSORAMA BANQUE") names the account, not the row's text.
    if (priority !== null && isPartialMatch(priority) && phrase.role === "description" && ACCOUNT_WORD.test(padded))
      priority = null;
    if (
      priority !== null &&
      isPartialMatch(priority) &&
      MONEY_ROLES.has(phrase.role) &&
      (MONTH_FIGURE.test(name) || IDENTIFIER_WORD.test(padded))
    )
      priority = null;
    if (priority !== null && priority < (best.get(phrase.role) ?? Infinity)) best.set(phrase.role, priority);
  }
  // A name that holds an amount's word and a direction's ("Betrag Soll", "交易金额(收入)") is that direction's column.
  if ((best.get("amount") ?? 0) >= PARTIAL_PRIORITY && (best.has("debit") || best.has("credit"))) best.delete("amount");
  // A name that is a known phrase of some role does not also play the roles of the words inside it.
  const exact = [...best].some(([, priority]) => priority < PARTIAL_PRIORITY);
  return [...best]
    .filter(([, priority]) => !exact || priority < PARTIAL_PRIORITY)
    .map(([role, priority]) => ({ role, priority }));
}

/** The whole names of a party's column ("zahlungsempfanger", "payee", "beneficiaire"), normalised. */
let partyNames: ReadonlySet<string> | null = null;

/** True when a normalised name is, as a whole, a name of the other party's column (not a word in a longer one). */
export function isPartyName(name: string): boolean {
  partyNames ??= new Set(PHRASES.flatMap((p) => (p.text !== null && PARTY_ROLES.has(p.role) ? [p.text] : [])));
  return partyNames.has(name);
}

/** True when the name is one of the role's booking-date phrases (they come before the generic "date"). */
export function isBookingDateName(name: string): boolean {
  const generic = ROLE_NAMES.date.indexOf("date");
  return rolesForName(name).some((r) => r.role === "date" && r.priority < generic);
}
