/**
 * Rows a statement lists that are not (yet) money moved: pending, held or reserved ones, and
 * cancelled or declined ones, told by a status cell in the bank's words.
 */

/**
 * Whole cells that mark a row as not booked yet: card holds, reservations, pending and authorised
 * entries, in the languages banks export. Compared folded (lower case, no diacritics).
 */
const NOT_BOOKED = new Set([
  "pending",
  "hold",
  "on hold",
  "held",
  "reserved",
  "reservation",
  "authorised",
  "authorized",
  "authorisation",
  "authorization",
  "not booked",
  "unposted",
  "not posted",
  "vorgemerkt",
  "vormerkung",
  "vormerkposten",
  "reserviert",
  "reservierung",
  "in bearbeitung",
  "nicht gebucht",
  "en attente",
  "en cours",
  "autorisation",
  "pendiente",
  "retenido",
  "reservado",
  "retencion",
  "in sospeso",
  "in attesa",
  "prenotato",
  "niet verwerkt",
  "in behandeling",
  "gereserveerd",
  "vantande",
  "reserverad",
  "reservert",
  "reserveret",
  "oczekujaca",
  "oczekujace",
  "blokada",
  // BNP Paribas Poland: "W trakcie realizacji" (being carried out), beside "Blokada środków" (funds held).
  "w trakcie realizacji",
  "blokada srodkow",
  "rezervare",
  "in asteptare",
  "в обработке",
  "в обробці",
  "ожидает",
  "очікує",
  "холд",
  "zarezerwowane",
  "cekajici",
  "rezervace",
  "fuggoben",
]);

/** Whole status cells of rows that never moved money: cancelled, declined or failed payments. */
const CANCELLED = new Set([
  "cancelled",
  "canceled",
  "declined",
  "denied",
  "failed",
  "rejected",
  "reverted",
  "not approved",
  "storniert",
  "abgelehnt",
  "fehlgeschlagen",
  "annule",
  "refuse",
  "rejete",
  "echoue",
  "cancelado",
  "rechazado",
  "anulado",
  "fallido",
  "annullato",
  "rifiutato",
  "non approvato",
  "fallito",
  "geannuleerd",
  "geweigerd",
  "mislukt",
  "avbruten",
  "nekad",
  "annulleret",
  "afvist",
  "anulowana",
  "odrzucona",
  "отменено",
  "отменена",
  "отклонено",
  "отклонена",
  "zruseno",
  "zamitnuto",
  "交易关闭",
  "交易失败",
  "已关闭",
  "已取消",
  "支付失败",
]);

function fold(text: string): string {
  const lower = text.trim().toLowerCase();
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * Words a status cell may wrap around one of those ("Umsatz vorgemerkt", "Transaction pending",
 * "Status: pending", "Buchung noch nicht gebucht"); a cell of these and a NOT_BOOKED phrase says the
 * same. Descriptions that merely contain "hold" or "pending" keep other words and do not.
 */
const STATUS_WORDS = new Set([
  "umsatz",
  "buchung",
  "buchungsstatus",
  "status",
  "state",
  "transaction",
  "transaktion",
  "posting",
  "booking",
  "entry",
  "operation",
  "operacion",
  "movimiento",
  "movimento",
  "transazione",
  "transactie",
  "mutatie",
  "betaling",
  "card",
  "karte",
  "kaart",
  "carte",
  "tarjeta",
  "noch",
  "yet",
  "still",
  "is",
  "ist",
  // A card payment's kind around its state: "(DEBIT PURCHASE AUTHORIZATION)", Piraeus Bank's holds.
  "debit",
  "purchase",
]);

function saysNotBooked(folded: string): boolean {
  if (NOT_BOOKED.has(folded)) return true;
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
  if (words.length < 2 || words.length > 5) return false;
  const kept = words.filter((word) => !STATUS_WORDS.has(word));
  return kept.length > 0 && kept.length < words.length && NOT_BOOKED.has(kept.join(" "));
}

type RowStatus = "not_booked" | "cancelled" | null;

/** Could the (trimmed) cell be a status: short, and starting with a letter (most cells are numbers or long text). */
function mayMarkStatus(cell: string): boolean {
  if (cell.length < 4 || cell.length > 40) return false;
  const first = cell.charCodeAt(0);
  return first > 0x7f || ((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7a);
}

function readStatus(cell: string): RowStatus {
  const folded = fold(cell);
  if (saysNotBooked(folded)) return "not_booked";
  return CANCELLED.has(folded) ? "cancelled" : null;
}

/** What status cells say of their rows; each distinct cell is read once (a status repeats on every row). */
export class RowStatusReader {
  private readonly seen = new Map<string, RowStatus>();

  /** Not booked yet, cancelled (no money moved), or nothing. */
  of(cell: string): RowStatus {
    if (!mayMarkStatus(cell)) return null;
    let status = this.seen.get(cell);
    if (status === undefined) this.seen.set(cell, (status = readStatus(cell)));
    return status;
  }

  /** The status a text's closing bracket names ("KAPETANAKIS THESSALONIKI(DEBIT PURCHASE AUTHORIZATION)"). */
  private ofBracket(cell: string): RowStatus {
    if (cell.charCodeAt(cell.length - 1) !== 0x29) return null;
    let status = this.bracketed.get(cell);
    if (status === undefined) {
      const inner = /\(([^()]{4,40})\)\s*$/.exec(cell)?.[1];
      status = inner ? readStatus(inner) : null;
      if (this.bracketed.size < 10_000) this.bracketed.set(cell, status);
    }
    return status;
  }

  private readonly bracketed = new Map<string, RowStatus>();

  /** Not booked when a cell says so or a zero amount only authorises a card; else cancelled when a cell says so. */
  ofRow(cells: readonly string[], amount: string): RowStatus {
    let cancelled = false;
    for (const cell of cells) {
      const status = this.of(cell) ?? this.ofBracket(cell.trimEnd());
      if (status === "not_booked") return status;
      if (status === "cancelled") cancelled = true;
    }
    if (/^-?[0.]*$/.test(amount) && cells.some((c) => /\b(?:pre-?)?authori[sz]ation\b|\bverification\b/i.test(c)))
      return "not_booked";
    return cancelled ? "cancelled" : null;
  }
}
