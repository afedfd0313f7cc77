/**
 * The vocabulary of column headers: what banks call each column in English, German, Dutch, French,
 * Spanish, Italian, Czech, Slovak, Polish, Hungarian and the Nordic languages. Names are compared
 * after `normaliseHeader`: lower case, no diacritics, punctuation as single spaces, currency codes
 * taken out ("Betrag (EUR)" -> "betrag" + EUR).
 */

export type ColumnRole =
  | "date"
  | "valueDate"
  | "amount"
  | "debit"
  | "credit"
  | "indicator"
  | "balance"
  | "balanceBefore"
  | "currency"
  | "reference"
  | "counterparty"
  | "payer"
  | "payee"
  | "account"
  | "description"
  | "type";

type NamePattern = string | RegExp;

/** In priority order within a role: an earlier name wins over a later one. */
const ROLE_NAMES: Readonly<Record<ColumnRole, readonly NamePattern[]>> = {
  date: [
    "记账日期",
    "记账日",
    "入账日期",
    "银行记账日",
    "記帳日期",
    "入帳日期",
    // booking / posting dates first: "the booking date as printed by the bank"
    "buchungstag",
    "buchungsdatum",
    "buchung",
    "boekdatum",
    "boekingsdatum",
    "datum boeking",
    "posted date",
    "posting date",
    "post date",
    "booking date",
    "date comptable",
    "date de comptabilisation",
    "fecha contable",
    "datum zauctovani",
    "datum zauctovania",
    "data ksiegowania",
    "konyvelesi datum",
    "bokforingsdatum",
    "bokforingsdag",
    "bogforingsdato",
    "data contabile",
    "ausfuhrungsdatum",
    "ausfuhrungstag",
    "execution date",
    "data esecuzione",
    "fecha ejecucion",
    "data executiei",
    "data inregistrarii",
    "kirjauspaiva",
    "datum knjizenja",
    "data lancamento",
    "bokfort dato",
    "дата проведения",
    "дата проведення",
    "дата списания",
    "date",
    "datum",
    "fecha",
    "data",
    "dato",
    "transaction date",
    "transactiedatum",
    "datum transakce",
    "tranzakcio datuma",
    "date processed",
    "created",
    "datetime",
    "date time",
    "run date",
    "creation date",
    "date operation",
    "date de l operation",
    "fecha operacion",
    "fecha de operacion",
    "data operacji",
    "data operazione",
    "datum provedeni",
    "transaktionsdatum",
    "umsatzdatum",
    "trans date",
    "completed date",
    "started date",
    "belegdatum",
    "date de valeur",
    "data movimento",
    "data registrazione",
    "f operacion",
    "data tranzactiei",
    "data operatiunii",
    "data tranzactie",
    "transaktionsdag",
    "data transakcji",
    "tarih",
    "islem tarihi",
    "datums",
    "kuupaev",
    "maksupaiva",
    "дата",
    "дата операции",
    "дата операції",
    "дата транзакции",
    "дата транзакції",
    "datum transakcije",
    "date of transaction",
    "trade date",
    "交易日期",
    "交易日",
    "交易时间",
    "交易時間",
    "日期",
    "日付",
    "ご利用年月日",
    "利用日",
    "取引日",
    "年月日",
  ],
  valueDate: [
    "valuta",
    "valutadatum",
    "valuta datum",
    "wertstellung",
    "wertstellungsdatum",
    "value date",
    "rentedatum",
    "date de valeur",
    "fecha valor",
    "data valuta",
    "erteknap",
    "data waluty",
    "settlement date",
    "valor",
    "valuedate",
    "date valeur",
    "f valor",
    "arvopaiva",
    "datum valute",
    "data valutei",
    "дата валютирования",
    "дата валютування",
  ],
  amount: [
    "betrag",
    "amount",
    "bedrag",
    "montant",
    "importe",
    "importo",
    "castka",
    "zauctovana castka",
    "kwota",
    "kwota operacji",
    "osszeg",
    "tranzakcio osszege",
    "belopp",
    "belob",
    "amount total",
    "transaction amount",
    "buchungsbetrag",
    "umsatz",
    "net",
    "neto",
    "netto",
    "value",
    "summe",
    "transactiebedrag",
    "betrag in",
    "montant de l operation",
    "valor",
    "cantidad",
    "monto",
    "suma",
    "valoare",
    "maara",
    "summa",
    "montante",
    "tutar",
    "iznos",
    "сума",
    "сумма",
    "сумма операции",
    "сума операції",
    "amount in account currency",
    "金额",
    "交易金额",
    "人民币金额",
    "金额 元",
    "入账金额",
    "记账金额",
    "结算金额",
    "发生额",
    "交易額",
    "金額",
    "ご利用額",
    "利用金額",
    "取引金額",
  ],
  debit: [
    "debit",
    "debet",
    "soll",
    "withdrawal",
    "withdrawals",
    "paid out",
    "money out",
    "outflow",
    "debit amount",
    "debito",
    "cargo",
    "cargos",
    "belastung",
    "ausgang",
    "ausgabe",
    "net debit nc",
    "net debit",
    "uitgaand",
    "debits",
    "out",
    "af",
    "uscite",
    "uscita",
    "addebiti",
    "addebito",
    "dare",
    "debe",
    "salida",
    "lastschrift",
    "ausgaben",
    "suma debit",
    "debit amount",
    "дебет",
    "витрати",
    "расход",
    "списание",
    "списання",
    "uttag",
    "支出",
    "支出金额",
    "取出金额",
    "支取",
    "支取金额",
    "借方金额",
    "借方发生额",
    "出金金額",
    "支払い金額",
    "支払金額",
    "出金",
    "引出額",
  ],
  credit: [
    "credit",
    "haben",
    "deposit",
    "deposits",
    "paid in",
    "money in",
    "inflow",
    "credit amount",
    "credito",
    "abono",
    "abonos",
    "gutschrift",
    "eingang",
    "einnahme",
    "net credit nc",
    "net credit",
    "inkomend",
    "credits",
    "in",
    "bij",
    "entrate",
    "entrata",
    "accrediti",
    "accredito",
    "avere",
    "haber",
    "ingreso",
    "ingresos",
    "einnahmen",
    "suma credit",
    "кредит",
    "надходження",
    "приход",
    "зачисление",
    "зарахування",
    "insattning",
    "收入",
    "收入金额",
    "存入",
    "存入金额",
    "贷方金额",
    "贷方发生额",
    "入金金額",
    "預かり金額",
    "入金",
    "預入額",
  ],
  indicator: [
    "d c",
    "dc",
    "debit credit",
    "credit debit",
    "creditdebet",
    "credit debet",
    "debet credit",
    "af bij",
    "soll haben",
    "s h",
    "cd",
    "dr cr",
    "cr dr",
    "bevetel kiadas",
    "debit credit indicator",
    "d k",
    "k d",
    "indicator",
    "c d",
    "bij af",
    "cargo abono",
    "dare avere",
    "segno",
    "sign",
    "transaction type",
    "type",
    "收 支",
    "收支",
    "借贷",
    "借貸",
    "收支类型",
    "资金流向",
    "入払区分",
  ],
  balance: [
    "saldo",
    "saldo na trn",
    "saldo na transactie",
    "balance",
    "running balance",
    "runningbalance",
    "current balance",
    "kontostand",
    "egyenleg",
    "solde",
    "balance after",
    "zustatek",
    "saldo po operacji",
    "ledger balance",
    "available balance",
    "saldo contabile",
    "saldo disponibile",
    "saldo na boeking",
    "sold",
    "sold final",
    "behallning",
    "bakiye",
    "stanje",
    "залишок",
    "остаток",
    "баланс",
    "saldo nach buchung",
    "余额",
    "账户余额",
    "本次余额",
    "联机余额",
    "可用余额",
    "餘額",
    "残高",
    "差引残高",
  ],
  balanceBefore: ["saldo voor mutatie", "balance before"],
  currency: [
    "wahrung",
    "waehrung",
    "currency",
    "munt",
    "valutacode",
    "mena",
    "mena uctu",
    "devizanem",
    "tranzakcio devizaneme",
    "divisa",
    "monnaie",
    "monn",
    "currency code",
    "net currency",
    "waluta",
    "moneda",
    "whg",
    "devise",
    "ccy",
    "buchungswahrung",
    "valuta",
    "valutasoort mutatie",
    "curr",
    "moneda",
    "doviz",
    "para birimi",
    "valuutta",
    "валюта",
    "币种",
    "货币",
    "交易币种",
    "记账币种",
    "入账币种",
    "结算币种",
    "幣別",
    "通貨",
    "通貨略称",
  ],
  reference: [
    "id",
    "transaction id",
    "transaktions id",
    "transaktionsnummer",
    "transaktions nr",
    "id transakce",
    "referencni cislo transakce",
    "n de transaction",
    "no de transaction",
    "numero de transaction",
    "referentie",
    "buchungsreferenz",
    "id de transaccion",
    "psp reference",
    "operation number",
    "transaction reference",
    "volgnr",
    "reference number",
    "transactiereferentie",
    "zahlungsreferenz",
    "bankreferenz",
    "numero de operacion",
    "tranzakcio azonosito",
    "transaction number",
    "trans id",
    "fitid",
    "transaktionsid",
    "id transazione",
    "transactie id",
    "id transaccion",
    "交易订单号",
    "交易单号",
    "交易号",
    "流水号",
    "交易流水号",
    "订单号",
    "日志号",
    "日 志 号",
    "取引番号",
  ],
  counterparty: [
    "auftraggeber empfanger",
    "beguenstigter zahlungspflichtiger",
    "empfanger",
    "zahlungsempfanger",
    "auftraggeber begunstigter",
    "zahlungsbeteiligter",
    "name des zahlungsbeteiligten",
    "naam tegenpartij",
    "tegenrekeninghouder",
    "naam tegenrekening",
    "tegenpartij",
    "counterparty name",
    "counterparty",
    "partner name",
    "partner neve",
    "nazev protiuctu",
    "payee",
    "payer payee",
    "merchant name",
    "merchant",
    "beneficiary",
    "beneficiario",
    "destinataire",
    "kontrahent",
    "nadawca odbiorca",
    "nazwa kontrahenta",
    "payee name",
    "name",
    "naam",
    "nombre",
    "nom",
    "partner",
    "counter party",
    "begunstigter",
    "controparte",
    "contraparte",
    "beneficiar",
    "nume beneficiar",
    "platitor beneficiar",
    "contrapartida",
    "favorecido",
    "mottagare",
    "saaja maksaja",
    "saaja",
    "контрагент",
    "отримувач",
    "получатель",
    "корреспондент",
    "платник",
    "交易对方",
    "对方户名",
    "对方名称",
    "对手信息",
    "交易对手名称",
    "对方账户名",
    "收款方",
    "商户名称",
    "对手方",
    "對方戶名",
    "取引先",
  ],
  payer: [
    "auftraggebername",
    "auftraggeber",
    "from",
    "payer",
    "zahlungspflichtiger",
    "debtor name",
    "payer name",
    "ordinante",
    "ordenante",
  ],
  payee: ["empfangername", "empfanger name", "to", "creditor name"],
  account: [
    "iban bban",
    "iban",
    "auftragskonto",
    "kontonummer",
    "rekeningnummer",
    "rekening",
    "account",
    "account number",
    "account no",
    "konto nr",
    "kontonr",
    "rekeningnr",
    "cislo uctu",
    "szamlaszam",
    "konto",
    "numero de compte",
    "opdrachtgeversrekening",
    "produit",
  ],
  description: [
    "verwendungszweck",
    /^vwz ?\d+$/,
    "description",
    /^description \d+$/,
    "desc",
    "details",
    "detail",
    "omschrijving",
    /^omschrijving \d+$/,
    "mededelingen",
    "vrije mededeling",
    "memo",
    "notes",
    "note",
    "text",
    "umsatztext",
    "transaktionsbeschreibung",
    "transaktionsbeschreibung zusatz",
    "label",
    "libelle",
    "remarque",
    "concepto",
    "descripcion",
    "zprava",
    "zprava pro prijemce",
    "zprava pro me",
    "poznamka",
    "klientska poznamka",
    "kozlemeny",
    "reszletek",
    "subject",
    "reason",
    "purpose",
    "narrative",
    "particulars",
    "buchungsdetails",
    "tytul",
    "opis",
    "opis operacji",
    "meddelande",
    "beskrivning",
    "tekst",
    "causale",
    "descrizione",
    "transaction description",
    "beschreibung",
    "descrizione completa",
    "descrizione operazione",
    "naam omschrijving",
    "detalle",
    "libelle operation",
    "avisierungstext",
    "buchungsinformationen",
    "descriere",
    "detalii",
    "detalii tranzactie",
    "explicatie",
    "movimiento",
    "observaciones",
    "specifikation",
    "rubrik",
    "selite",
    "viesti",
    "descricao",
    "historico",
    "aciklama",
    "призначення платежу",
    "опис",
    "деталі",
    "назначение платежа",
    "описание",
    "детали",
    "opis transakcji",
    "摘要",
    "交易摘要",
    "交易说明",
    "交易描述",
    "商品说明",
    "商品",
    "商品名称",
    "附言",
    "交易附言",
    "用途",
    "摘要内容",
    "内容",
    "ご利用箇所",
    "利用店名",
    "説明",
    "交易详情",
    "交易詳情",
    "客户摘要",
    "备注",
  ],
  type: [
    "buchungstext",
    "umsatzart",
    "transaktionstyp",
    "transaction type",
    "type",
    "typ transakce",
    "typ",
    "mutatiesoort",
    "betaalwijze",
    "action",
    "tranzakcio tipusa",
    "polozka",
    "posting text",
    "type betaling",
    "buchungsart",
    "tipo operazione",
    "merchant reference",
    "modification reference",
    "reference",
    "referenz",
    "riferimento",
    "referencia",
    "kenmerk",
    "tip tranzactie",
    "tip",
    "tipo",
    "тип",
    "вид операции",
    "вид операції",
    "交易类型",
    "交易分类",
    "业务类型",
    "種別",
    "取引区分",
  ],
};

const CURRENCY_CODES = new Set(
  (
    "EUR USD GBP CHF CZK HUF PLN SEK NOK DKK SGD AUD CAD NZD JPY CNY HKD INR BRL MXN ZAR TRY RON BGN RUB ILS THB " +
    "IDR MYR KRW TWD AED SAR ISK UAH RSD"
  ).split(" "),
);

/** A cell of a currency column: three capital letters, including retired codes such as LTL. */
/** Currencies Chinese and Japanese statements name in words rather than by code. */
const CURRENCY_NAMES: Readonly<Record<string, string>> = {
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
};

/** The currency a currency cell names: a code ("EUR") or a name a bank writes instead ("人民币"), else null. */
export function currencyOfCell(value: string): string | null {
  const text = value.trim();
  if (/^[A-Z]{3}$/.test(text)) return text;
  return CURRENCY_NAMES[text] ?? null;
}

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
}

/** Lower case, no diacritics, "<E4>"-style escapes decoded, punctuation collapsed, currency codes taken out. */
export function normaliseHeader(raw: string): NormalisedHeader {
  const words = raw
    .replace(/<([0-9a-f]{2})>/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
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
    .filter((w) => w !== "");
  let currency: string | null = null;
  const kept = words.filter((word) => {
    if (words.length > 1 && isCurrencyCode(word)) {
      currency ??= word.toUpperCase();
      return false;
    }
    return true;
  });
  return { name: kept.join(" "), currency };
}

/** Scripts written without spaces between words, whose phrases are found inside longer names. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Phrases shorter than this ("in", "to", "s h") only count as a whole header, never inside a longer one. */
const MIN_PARTIAL_LENGTH = 4;
/** A name that only contains a known phrase ranks after every exact name of the role. */
const PARTIAL_PRIORITY = 1000;

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

/** True when the name is one of the role's booking-date phrases (they come before the generic "date"). */
export function isBookingDateName(name: string): boolean {
  const generic = ROLE_NAMES.date.indexOf("date");
  return rolesForName(name).some((r) => r.role === "date" && r.priority < generic);
}
