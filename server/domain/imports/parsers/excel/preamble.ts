/** What a sheet says around its table: which bank made it, the account number, the currency. */
import { normaliseHeader } from "./columns";

interface BankProfile {
  key: string;
  name: string;
  /** Normalised header names; the profile matches when at least `minimum` of them are present. */
  headers: string[];
  minimum: number;
  /** Or a phrase in the text above the table (normalised). */
  preamble?: string;
}

const BANK_PROFILES: BankProfile[] = [
  {
    key: "adyen",
    name: "Adyen",
    headers: ["psp reference", "merchant account", "merchant reference", "modification reference", "batch number",
      "gross debit gc", "gross credit gc", "net debit nc", "net credit nc", "commission nc", "interchange nc"],
    minimum: 3,
  },
  {
    key: "fineco",
    name: "FinecoBank",
    headers: ["descrizione completa", "entrate", "uscite", "intestatario carta", "numero carta", "circuito",
      "tipo rimborso", "stato operazione"],
    minimum: 3,
    preamble: "fineco",
  },
  {
    key: "uob",
    name: "United Overseas Bank",
    headers: [],
    minimum: Infinity,
    preamble: "united overseas bank",
  },
];

export function recogniseBank(headerCells: string[], preambleRows: string[][]): { key: string; name: string } | null {
  const headers = new Set(headerCells.map(normaliseHeader));
  const preamble = ` ${preambleRows.flat().map(normaliseHeader).join(" ")} `;
  const profile = BANK_PROFILES.find(
    (candidate) =>
      candidate.headers.filter((header) => headers.has(header)).length >= candidate.minimum ||
      (candidate.preamble !== undefined && preamble.includes(` ${candidate.preamble} `)),
  );
  return profile ? { key: profile.key, name: profile.name } : null;
}

const ACCOUNT_LABELS = [
  "account number", "account no", "account", "iban", "konto", "kontonummer", "conto corrente", "numero conto", "conto",
  "rekeningnummer", "rekening", "numero de cuenta", "cuenta", "numero de compte",
];

/**
 * "Account Number: 123" in one cell, or "Account Number:" with the number in the next filled cell.
 * Only a value holding digits counts, so "Account Name : Jane" is never taken.
 */
export function readAccountIdentifier(preambleRows: string[][]): string | null {
  for (const row of preambleRows) {
    for (let c = 0; c < row.length; c++) {
      const cell = row[c]!.trim();
      const colon = cell.indexOf(":");
      const label = normaliseHeader(colon >= 0 ? cell.slice(0, colon) : cell);
      if (!ACCOUNT_LABELS.includes(label)) continue;
      const inline = colon >= 0 ? cell.slice(colon + 1).trim() : "";
      const value = inline !== "" ? inline : (row.slice(c + 1).find((next) => next.trim() !== "")?.trim() ?? "");
      if (/\d/.test(value) && value.length <= 40) return value;
    }
  }
  return null;
}

const KNOWN_CURRENCIES = new Set<string>(Intl.supportedValuesOf("currency"));

/** A cell that is only a currency code (": EUR" or "SGD") above the table. */
export function readPreambleCurrency(preambleRows: string[][]): string | null {
  for (const cell of preambleRows.flat()) {
    const match = /^:?\s*([A-Z]{3})$/.exec(cell.trim());
    if (match && KNOWN_CURRENCIES.has(match[1]!)) return match[1]!;
  }
  return null;
}
