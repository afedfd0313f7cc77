/**
 * Banks of the Netherlands and Belgium, with DEGIRO's account statement and ASN's export without a
 * header row.
 */
import type { BankProfile } from "../profiles";
import { trimmedCell } from "./trimmed-cell";

/** Names unnamed columns after their left neighbour: DEGIRO's "Mutatie,," is a currency then an amount. */
function nameAmountAfterCurrency(names: string[]): string[] {
  return names.map((name, i) => {
    const previous = names[i - 1];
    if (name === "" && (previous === "mutatie" || previous === "saldo")) return `${previous} bedrag`;
    if ((name === "mutatie" || name === "saldo") && names[i + 1] === "") return `${name} valuta`;
    return name;
  });
}

export const DUTCH_AND_BELGIAN_BANKS: readonly BankProfile[] = [
  {
    key: "rabobank",
    name: "Rabobank",
    signature: ["iban bban", "munt", "bic", "volgnr", "datum", "rentedatum", "bedrag", "saldo na trn"],
    columns: { reference: "volgnr", description: ["omschrijving 1", "omschrijving 2", "omschrijving 3"] },
  },
  {
    key: "ing_nl",
    name: "ING (Netherlands)",
    signature: ["datum", "naam omschrijving", "rekening", "tegenrekening", "af bij", "mededelingen"],
    columns: { counterparty: "naam omschrijving", description: ["naam omschrijving", "mededelingen"] },
  },
  {
    key: "bunq",
    name: "bunq",
    signature: ["date", "amount", "account", "counterparty", "name", "description"],
    columns: { counterparty: "name" },
  },
  {
    key: "knab",
    name: "Knab",
    dateOrder: "dmy",
    signature: [
      "rekeningnummer",
      "transactiedatum",
      "valutacode",
      "credit debet",
      "bedrag",
      "tegenrekeninghouder",
      "boekdatum",
    ],
  },
  {
    key: "asn",
    name: "ASN Bank",
    dateOrder: "dmy",
    headerless: {
      matches: (c) =>
        c.length >= 18 && /^\d{2}-\d{2}-\d{4}$/.test(trimmedCell(c, 0)) && /^NL\d{2}ASNB/.test(trimmedCell(c, 1)),
      columns: [
        "Boekingsdatum",
        "Opdrachtgeversrekening",
        "Tegenrekeningnummer",
        "Naam tegenrekening",
        "Adres",
        "Postcode",
        "Plaats",
        "Valutasoort rekening",
        "Saldo voor mutatie",
        "Valutasoort mutatie",
        "Transactiebedrag",
        "Journaaldatum",
        "Valutadatum",
        "Interne transactiecode",
        "Globale transactiecode",
        "Volgnummer transactie",
        "Betalingskenmerk",
        "Omschrijving",
        "Afschriftnummer",
      ],
    },
  },
  {
    key: "degiro",
    name: "DEGIRO",
    dateOrder: "dmy",
    renameHeaders: nameAmountAfterCurrency,
    signature: [
      "datum",
      "tijd",
      "valutadatum",
      "product",
      "isin",
      "omschrijving",
      "fx",
      "mutatie",
      "saldo",
      "order id",
    ],
    columns: {
      amount: "mutatie bedrag",
      currency: "mutatie valuta",
      balance: "saldo bedrag",
      description: ["omschrijving", "product"],
      reference: null,
    },
  },
  {
    key: "kbc",
    name: "KBC",
    signature: [
      "rekeningnummer",
      "rubrieknaam",
      "naam",
      "munt",
      "afschriftnummer",
      "datum",
      "omschrijving",
      "bedrag",
      "saldo",
    ],
  },
];
