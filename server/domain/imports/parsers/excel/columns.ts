/**
 * Finds a statement's columns by their header names in English, German, Italian, Dutch, Spanish
 * (and some French). An exact name beats a name that only contains a key word; earlier names in a
 * list beat later ones; "net" beats "gross" (settlement reports carry both).
 */

export type Role =
  | "date" | "valueDate" | "amount" | "debit" | "credit" | "indicator" | "currency" | "balance"
  | "counterparty" | "externalId" | "description" | "fallbackDescription";

interface RoleNames {
  exact: string[];
  words?: string[];
  exclude?: string[];
}

const ROLE_NAMES: Record<Role, RoleNames> = {
  valueDate: {
    exact: ["value date", "valuedate", "data valuta", "valuta", "wertstellung", "valutadatum", "valuta datum",
      "rentedatum", "fecha valor", "f valor", "date valeur", "date de valeur"],
  },
  date: {
    exact: ["date", "booking date", "transaction date", "posting date", "posted date", "trans date", "creation date",
      "data", "data operazione", "data contabile", "data registrazione", "data movimento", "datum", "buchungstag",
      "buchungsdatum", "transaktionsdatum", "umsatzdatum", "boekdatum", "boekingsdatum", "transactiedatum",
      "fecha", "fecha operacion", "fecha contable", "f operacion", "date operation", "date comptable"],
    words: ["date", "datum", "data", "fecha", "buchungstag"],
    exclude: ["value", "valuta", "valor", "wert", "rente", "valeur", "birth", "start", "end"],
  },
  amount: {
    exact: ["amount", "transaction amount", "importo", "betrag", "bedrag", "importe", "montant", "umsatz",
      "betrag eur", "amount eur", "importo eur", "bedrag eur", "importe eur"],
    words: ["amount", "importo", "betrag", "bedrag", "importe", "montant"],
    exclude: ["currency", "original", "foreign", "fee", "rate", "balance", "valuta", "wahrung", "divisa", "moneda",
      "munt", "devise", "tax", "debit", "credit"],
  },
  debit: {
    exact: ["debit", "debits", "debit amount", "withdrawal", "withdrawals", "paid out", "money out", "outflow", "out",
      "uscite", "uscita", "addebiti", "addebito", "dare", "soll", "belastung", "ausgang", "af", "debet", "cargo",
      "cargos", "debe", "salida", "debito"],
    words: ["debit", "debet", "withdrawal", "uscite", "addebiti", "soll", "cargo"],
    exclude: ["credit", "card", "haben", "avere", "abono"],
  },
  credit: {
    exact: ["credit", "credits", "credit amount", "deposit", "deposits", "paid in", "money in", "inflow", "in",
      "entrate", "entrata", "accrediti", "accredito", "avere", "haben", "gutschrift", "eingang", "bij", "abono",
      "abonos", "haber", "ingreso", "ingresos", "credito"],
    words: ["credit", "deposit", "entrate", "accrediti", "haben", "abono"],
    exclude: ["debit", "debet", "card", "limit", "soll", "dare", "cargo"],
  },
  indicator: {
    exact: ["d k", "d c", "c d", "dr cr", "cr dr", "debit credit", "credit debit", "af bij", "bij af", "soll haben",
      "s h", "creditdebet", "credit debet", "debet credit", "cargo abono", "dare avere", "segno", "sign"],
  },
  currency: {
    exact: ["currency", "currency code", "ccy", "curr", "wahrung", "waehrung", "valuta", "divisa", "moneda", "munt",
      "devise", "net currency"],
    words: ["currency", "wahrung", "divisa", "moneda"],
    exclude: ["amount", "rate", "betrag", "importo", "importe", "bedrag"],
  },
  balance: {
    exact: ["balance", "running balance", "available balance", "saldo", "kontostand", "solde", "saldo contabile",
      "saldo disponibile", "saldo na boeking"],
    words: ["balance", "saldo", "kontostand", "solde"],
  },
  counterparty: {
    exact: ["partner name", "partner", "payee", "payer", "payee name", "payer name", "beneficiary", "counterparty",
      "counterparty name", "counter party", "name", "merchant", "merchant name", "empfanger", "zahlungsempfanger",
      "auftraggeber", "auftraggeber empfanger", "begunstigter", "beguenstigter zahlungspflichtiger", "beneficiario",
      "ordinante", "controparte", "naam tegenpartij", "tegenpartij", "naam", "ordenante", "contraparte", "nombre"],
    words: ["payee", "beneficiary", "counterparty", "empfanger", "auftraggeber", "beneficiario", "tegenpartij"],
  },
  externalId: {
    exact: ["transaction id", "transaction reference", "psp reference", "transaktions id", "transaktionsid",
      "id transazione", "transactie id", "id transaccion", "operation number", "reference number", "id"],
  },
  description: {
    exact: ["description", "transaction description", "details", "detail", "label", "memo", "narrative",
      "particulars", "text", "buchungstext", "verwendungszweck", "beschreibung", "descrizione",
      "descrizione completa", "descrizione operazione", "causale", "omschrijving", "mededelingen",
      "naam omschrijving", "concepto", "descripcion", "detalle", "libelle", "libelle operation"],
    words: ["description", "descrizione", "omschrijving", "descripcion", "verwendungszweck", "beschreibung",
      "details", "libelle", "concepto", "causale"],
  },
  fallbackDescription: {
    exact: ["type", "transaction type", "merchant reference", "modification reference", "reference", "referenz",
      "riferimento", "referencia", "kenmerk", "buchungsart", "tipo operazione"],
  },
};

/** Roles in the order they claim columns; description roles take every match, others one. */
const SINGLE_ROLES: Role[] = [
  "valueDate", "date", "indicator", "amount", "debit", "credit", "currency", "balance", "externalId", "counterparty",
];

export interface ColumnMap {
  date: number;
  valueDate: number | null;
  amount: number | null;
  debit: number | null;
  credit: number | null;
  indicator: number | null;
  currency: number | null;
  balance: number | null;
  counterparty: number | null;
  externalId: number | null;
  /** Joined to make a transaction's description (column order; fallback columns by priority). */
  description: number[];
}

/** Lower case, no accents, punctuation and underscores as single spaces. */
export function normaliseHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The columns of a header row, or null when it lacks a date column or an amount (a signed column,
 * or debit and credit columns). `isText(c)` says whether a header cell is text, not a number/date.
 */
export function mapHeaderRow(cells: string[], isText: (column: number) => boolean): ColumnMap | null {
  const headers = cells.map((cell, c) => (isText(c) ? normaliseHeader(cell) : ""));
  const taken = new Set<number>();
  const found: Partial<Record<Role, number>> = {};
  for (const role of SINGLE_ROLES) {
    const column = bestColumn(headers, ROLE_NAMES[role], taken);
    if (column !== null) {
      found[role] = column;
      taken.add(column);
    }
  }
  if (found.date === undefined) return null;
  const hasSplit = found.debit !== undefined && found.credit !== undefined;
  if (found.amount === undefined && !hasSplit) return null;
  let description = allColumns(headers, ROLE_NAMES.description, taken);
  if (description.length === 0) {
    // Kinds of reference, not prose: the most telling first ("Settled - 19000000001").
    const names = ROLE_NAMES.fallbackDescription;
    description = allColumns(headers, names, taken).sort((a, b) => score(headers[b]!, names) - score(headers[a]!, names));
  }
  return {
    date: found.date,
    valueDate: found.valueDate ?? null,
    amount: found.amount ?? null,
    debit: hasSplit ? found.debit! : null,
    credit: hasSplit ? found.credit! : null,
    indicator: found.amount !== undefined ? (found.indicator ?? null) : null,
    currency: found.currency ?? null,
    balance: found.balance ?? null,
    counterparty: found.counterparty ?? null,
    externalId: found.externalId ?? null,
    description,
  };
}

function score(header: string, names: RoleNames): number {
  if (header === "") return 0;
  const words = ` ${header} `;
  const net = words.includes(" net ") ? 5 : 0;
  const exact = names.exact.indexOf(header);
  if (exact >= 0) return 1000 - exact * 10 + net;
  if (names.exclude?.some((word) => words.includes(` ${word} `))) return 0;
  const word = names.words?.findIndex((key) => words.includes(` ${key} `)) ?? -1;
  return word >= 0 ? 500 - word * 10 + net : 0;
}

function bestColumn(headers: string[], names: RoleNames, taken: Set<number>): number | null {
  let best: number | null = null;
  let bestScore = 0;
  headers.forEach((header, column) => {
    const value = taken.has(column) ? 0 : score(header, names);
    if (value > bestScore) [best, bestScore] = [column, value];
  });
  return best;
}

function allColumns(headers: string[], names: RoleNames, taken: Set<number>): number[] {
  return headers.flatMap((header, column) => (!taken.has(column) && score(header, names) > 0 ? [column] : []));
}
