/**
 * Banks of Germany and Austria: German headers ("Buchungstag", "Verwendungszweck"), and two
 * Austrian exports without a header row.
 */
import type { BankProfile } from "../profiles";
import { trimmedCell } from "./trimmed-cell";

export const GERMAN_AND_AUSTRIAN_BANKS: readonly BankProfile[] = [
  {
    key: "n26",
    name: "N26",
    signature: ["datum", "empfanger", "transaktionstyp", "verwendungszweck", "betrag"],
    columns: { account: null },
  },
  {
    key: "ing_de",
    name: "ING (Germany)",
    signature: ["buchung", "auftraggeber empfanger", "buchungstext", "verwendungszweck", "saldo", "betrag"],
  },
  {
    key: "sparkasse",
    name: "Sparkasse",
    signature: [
      "auftragskonto",
      "buchungstag",
      "valutadatum",
      "buchungstext",
      "verwendungszweck",
      "beguenstigter zahlungspflichtiger",
      "betrag",
    ],
  },
  {
    key: "sparkasse_card",
    name: "Sparkasse (credit card)",
    signedAmounts: "signed_debit_negative",
    signature: ["umsatz getatigt von", "belegdatum", "buchungsdatum", "buchungsbetrag", "transaktionsbeschreibung"],
  },
  {
    key: "commerzbank",
    name: "Commerzbank",
    signature: ["buchungstag", "wertstellung", "umsatzart", "buchungstext", "betrag", "auftraggeberkonto"],
    columns: { description: ["buchungstext"], type: ["umsatzart"] },
  },
  {
    key: "gls",
    name: "GLS Bank",
    signature: [
      "kontonummer",
      "buchungstag",
      "wertstellung",
      "auftraggeber empfanger",
      "buchungstext",
      "vwz1",
      "betrag",
      "kontostand",
    ],
  },
  {
    key: "outbank",
    name: "Outbank",
    signature: ["account", "date", "value date", "amount", "currency", "name", "number", "bank", "reason"],
  },
  { key: "ing_at", name: "ING (Austria)", signature: ["kontonummer", "text", "datum", "wahrung", "soll", "haben"] },
  {
    key: "oberbank",
    name: "Oberbank",
    signature: [
      "buchungsdatum",
      "wertstellung",
      "betrag",
      "wahrung",
      "auftraggebername",
      "empfangername",
      "text",
      "verwendungszweck",
    ],
  },
  {
    key: "livebank",
    name: "livebank",
    signature: [
      "kontonummer",
      "auszugsnummer",
      "buchungsdatum",
      "valutadatum",
      "umsatzzeit",
      "zahlungsreferenz",
      "betrag",
      "umsatztext",
    ],
  },
  {
    key: "easybank",
    name: "easybank",
    dateOrder: "dmy",
    headerless: {
      matches: (c) =>
        c.length === 6 && /^AT\d{18}$/.test(trimmedCell(c, 0)) && /^\d{2}\.\d{2}\.\d{4}$/.test(trimmedCell(c, 2)),
      columns: ["Kontonummer", "Text", "Buchungsdatum", "Valutadatum", "Betrag", "Währung"],
    },
  },
  {
    key: "raiffeisen_at",
    name: "Raiffeisen (Austria)",
    headerless: {
      matches: (c) => c.length >= 5 && trimmedCell(c, 0) === "" && /^\d{8}$/.test(trimmedCell(c, 2)),
      columns: ["", "Text", "Buchungsdatum", "Empfänger", "Betrag", "Verwendungszweck"],
    },
  },
];
