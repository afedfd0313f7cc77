/**
 * Where the table is: title and metadata lines before it (the preamble), the header row if there
 * is one, and the data rows after it. Footers are left to the row reader, which skips what is not a
 * transaction.
 */
import { isDateCell, type TableRecord } from "./cells";
import { headerRoleCount } from "./columns";
import { looksLikeDate } from "./dates";
import { isCurrencyCode } from "./headers";
import { looksLikeAmount } from "./numbers";

export interface TableLayout {
  /** Index of the header record, or null for files without one. */
  headerIndex: number | null;
  /** Index of the first record after the header (or of the first data-looking record). */
  dataStart: number;
  preamble: TableRecord[];
}

export interface PreambleFacts {
  accountIdentifier: string | null;
  currencyCode: string | null;
}

const HEADER_SEARCH_LIMIT = 60;

export function isBlank(record: TableRecord): boolean {
  return record.cells.every((cell) => cell.trim() === "");
}

/** A record with a date cell and an amount cell reads as a transaction row. */
export function looksLikeDataRow(record: TableRecord): boolean {
  const filled = record.cells.map((cell, index) => ({ text: cell.trim(), index })).filter(({ text }) => text !== "");
  const hasDate = filled.some(({ index }) => isDateCell(record, index));
  const hasAmount = filled.some(({ text, index }) => {
    const typed = record.typed?.[index];
    return typed ? typed.amount !== null : looksLikeAmount(text) && !looksLikeDate(text) && /[.,]\d|^[-+]/.test(text);
  });
  return hasDate && hasAmount;
}

/** Finds the header: the early record naming the most column roles (at least two, one of them a date or amount). */
export function findTable(records: readonly TableRecord[]): TableLayout {
  let best: number | null = null;
  let bestScore = 1;
  const limit = Math.min(records.length, HEADER_SEARCH_LIMIT);
  for (let i = 0; i < limit; i++) {
    const record = records[i];
    if (!record || isBlank(record)) continue;
    const score = headerRoleCount(record.cells);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best !== null) return { headerIndex: best, dataStart: best + 1, preamble: records.slice(0, best) };
  const first = records.findIndex((record) => looksLikeDataRow(record));
  const dataStart = first >= 0 ? first : 0;
  return { headerIndex: null, dataStart, preamble: records.slice(0, dataStart) };
}

const IBAN_IN_TEXT = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b/;
const ACCOUNT_KEYS =
  /^(?:iban|account details for|account(?: number| no\.?)?|konto(?:nummer)?|rekening(?:nummer)?|conto(?: corrente)?|numero (?:conto|de cuenta)|numero de compte|cuenta|szamlaszam)\b\s*:?\s*(.*)$/i;

/** Compact IBANs ("DE12 3456 ..." -> "DE123456..."); other account numbers stay as printed. */
export function tidyAccountIdentifier(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return null;
  const compact = value.replace(/\s+/g, "");
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact) ? compact : value;
}

/** Account number and currency from metadata lines such as "IBAN;DE12 ..." or "Account Number : 0808...". */
export function readPreamble(preamble: readonly TableRecord[]): PreambleFacts {
  let accountIdentifier: string | null = null;
  let currencyCode: string | null = null;
  for (const record of preamble) {
    const cells = record.cells.map((c) => c.trim()).filter((c) => c !== "");
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] ?? "";
      const keyed = ACCOUNT_KEYS.exec(cell);
      const value = keyed ? (keyed[1] ?? "").trim() || (cells[i + 1] ?? "") : "";
      // Only a value with a digit is a number ("Account Statement Details" is a title).
      if (!accountIdentifier && /\d/.test(value)) {
        // "FRANK Account 666-666666-666" -> the number itself
        const number = /\d[\d -]{4,}\d/.exec(value);
        accountIdentifier = tidyAccountIdentifier(IBAN_IN_TEXT.test(value) || !number ? value : number[0]);
      }
      const iban = IBAN_IN_TEXT.exec(cell);
      if (!accountIdentifier && iban?.[1]) accountIdentifier = tidyAccountIdentifier(iban[1]);
      const code = cell.replace(/^:\s*/, "");
      if (!currencyCode && isCurrencyCode(code) && code === code.toUpperCase()) currencyCode = code;
    }
  }
  return { accountIdentifier, currencyCode };
}
