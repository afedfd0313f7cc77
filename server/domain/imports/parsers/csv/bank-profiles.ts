/**
 * The bank profiles known by name: header signatures (normalised names, see headers.ts) or
 * data-row shapes, and what each bank's export needs beyond the generic reading.
 */
import type { BankProfile } from "./profiles";

const cell = (cells: readonly string[], i: number) => (cells[i] ?? "").trim();

/** Names unnamed columns after their left neighbour: DEGIRO's "Mutatie,," is a currency then an amount. */
function nameAmountAfterCurrency(names: string[]): string[] {
  return names.map((name, i) => {
    const previous = names[i - 1];
    if (name === "" && (previous === "mutatie" || previous === "saldo")) return `${previous} bedrag`;
    if ((name === "mutatie" || name === "saldo") && names[i + 1] === "") return `${name} valuta`;
    return name;
  });
}

export const BANK_PROFILES: readonly BankProfile[] = [
  // Germany and Austria
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
      matches: (c) => c.length === 6 && /^AT\d{18}$/.test(cell(c, 0)) && /^\d{2}\.\d{2}\.\d{4}$/.test(cell(c, 2)),
      columns: ["Kontonummer", "Text", "Buchungsdatum", "Valutadatum", "Betrag", "Währung"],
    },
  },
  {
    key: "raiffeisen_at",
    name: "Raiffeisen (Austria)",
    headerless: {
      matches: (c) => c.length >= 5 && cell(c, 0) === "" && /^\d{8}$/.test(cell(c, 2)),
      columns: ["", "Text", "Buchungsdatum", "Empfänger", "Betrag", "Verwendungszweck"],
    },
  },
  // Netherlands and Belgium
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
      "creditdebet",
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
      matches: (c) => c.length >= 18 && /^\d{2}-\d{2}-\d{4}$/.test(cell(c, 0)) && /^NL\d{2}ASNB/.test(cell(c, 1)),
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
  // Central Europe and Switzerland
  {
    key: "raiffeisen_cz",
    name: "Raiffeisenbank (Czech Republic)",
    signature: [
      "datum provedeni",
      "datum zauctovani",
      "cislo uctu",
      "nazev protiuctu",
      "zauctovana castka",
      "mena uctu",
      "id transakce",
    ],
  },
  {
    key: "ceska_sporitelna",
    name: "Česká spořitelna",
    signature: [
      "polozka",
      "datum zauctovani",
      "castka",
      "bankovni spojeni",
      "nazev protiuctu",
      "referencni cislo transakce",
    ],
  },
  {
    key: "erste_hu",
    name: "Erste Bank (Hungary)",
    signature: ["tranzakcio datuma", "partner neve", "tranzakcio osszege", "bevetel kiadas", "egyenleg"],
  },
  {
    key: "ubs",
    name: "UBS",
    dateOrder: "dmy",
    signature: [
      "produit",
      "monn",
      "description 1",
      "description 2",
      "description 3",
      "n de transaction",
      "debit",
      "credit",
      "solde",
    ],
    columns: { description: ["description 1", "description 2", "description 3"] },
  },
  // United Kingdom and Ireland
  {
    key: "monzo",
    name: "Monzo",
    signature: ["id", "created", "amount", "currency", "local amount", "category", "emoji", "description"],
  },
  {
    key: "first_direct",
    name: "first direct",
    signature: ["date", "description", "amount", "balance"],
    exact: true,
    dateOrder: "dmy",
    currencyCode: "GBP",
  },
  {
    key: "john_lewis",
    name: "John Lewis Partnership Card",
    signature: ["date processed", "description", "amount"],
    dateOrder: "dmy",
    currencyCode: "GBP",
    columns: { indicator: "credit marker" },
    blankIndicator: "debit",
    renameHeaders: (names) => names.map((n, i) => (n === "" && names[i - 1] === "amount" ? "credit marker" : n)),
  },
  {
    key: "barclaycard",
    name: "Barclaycard",
    dateOrder: "dmy",
    currencyCode: "GBP",
    signedAmounts: "signed_debit_positive",
    headerless: {
      matches: (c) => c.length === 7 && /^\d{1,2} [A-Za-z]{3} \d{2}$/.test(cell(c, 0)),
      columns: ["Transaction Date", "Description", "Card", "Cardholder", "Category", "", "Amount"],
    },
  },
  {
    key: "bank_of_ireland",
    name: "Bank of Ireland",
    signature: ["date", "details", "debit", "credit", "balance"],
    exact: true,
    dateOrder: "dmy",
    currencyCode: "EUR",
  },
  // Italy
  {
    key: "fineco",
    name: "FinecoBank",
    signature: ["data", "entrate", "uscite", "descrizione", "descrizione completa", "stato"],
  },
  {
    key: "fineco",
    name: "FinecoBank",
    signature: [
      "intestatario carta",
      "numero carta",
      "data operazione",
      "descrizione",
      "stato operazione",
      "circuito",
      "importo",
    ],
  },
  // Singapore
  {
    key: "uob",
    name: "United Overseas Bank",
    signature: ["transaction date", "transaction description", "withdrawal", "deposit", "available balance"],
  },
  {
    key: "ocbc",
    name: "OCBC Bank",
    signature: ["transaction date", "value date", "description", "withdrawals", "deposits"],
    dateOrder: "dmy",
  },
  {
    key: "posb",
    name: "POSB",
    dateOrder: "dmy",
    currencyCode: "SGD",
    headerless: {
      matches: (c) => c.length >= 7 && /^\d{1,2} [A-Za-z]{3} \d{4}$/.test(cell(c, 0)),
      columns: [
        "Transaction Date",
        "Reference",
        "Debit Amount",
        "Credit Amount",
        "Transaction Ref1",
        "Transaction Ref2",
        "Transaction Ref3",
      ],
    },
    columns: { description: ["transaction ref1", "transaction ref2", "transaction ref3"], type: ["reference"] },
  },
  // United States and Canada
  {
    key: "schwab_checking",
    name: "Charles Schwab (checking)",
    dateOrder: "mdy",
    currencyCode: "USD",
    signature: ["date", "type", "description", "withdrawal", "deposit", "runningbalance"],
  },
  {
    key: "schwab_brokerage",
    name: "Charles Schwab (brokerage)",
    dateOrder: "mdy",
    currencyCode: "USD",
    signature: ["date", "action", "symbol", "description", "quantity", "price", "fees comm", "amount"],
    columns: { description: ["action", "description"] },
  },
  {
    key: "fidelity",
    name: "Fidelity",
    dateOrder: "mdy",
    currencyCode: "USD",
    signature: ["run date", "action", "symbol", "security description", "amount"],
    columns: { description: ["action"], type: [] },
  },
  {
    key: "dcu",
    name: "DCU (Digital Federal Credit Union)",
    dateOrder: "mdy",
    currencyCode: "USD",
    signature: ["date", "transaction type", "description", "amount", "id", "memo", "current balance"],
  },
  {
    key: "capital_one",
    name: "Capital One",
    dateOrder: "mdy",
    currencyCode: "USD",
    signature: ["transaction date", "posted date", "card no", "description", "category", "debit", "credit"],
  },
  {
    key: "venmo",
    name: "Venmo",
    currencyCode: "USD",
    columns: { description: ["note"] },
    signature: ["id", "datetime", "type", "status", "note", "from", "to", "amount total"],
  },
  {
    key: "pc_mastercard",
    name: "PC Financial Mastercard",
    dateOrder: "mdy",
    currencyCode: "CAD",
    signedAmounts: "signed_debit_positive",
    signature: ["merchant name", "card used for transaction", "date", "time", "amount"],
  },
  // Spain
  {
    key: "ing_es",
    name: "ING (Spain)",
    dateOrder: "dmy",
    currencyCode: "EUR",
    signature: ["date", "class", "subcategory", "desc", "notes", "image", "amount", "balance"],
  },
  // Payment providers
  {
    key: "paypal",
    name: "PayPal",
    columns: { description: ["type", "subject", "note"], type: [] },
    signature: [
      "date",
      "time",
      "timezone",
      "name",
      "type",
      "status",
      "currency",
      "gross",
      "fee",
      "net",
      "transaction id",
    ],
  },
  {
    key: "paypal",
    name: "PayPal",
    dateOrder: "dmy",
    signature: [
      "fecha",
      "hora",
      "zona horaria",
      "descripcion",
      "divisa",
      "bruto",
      "comision",
      "neto",
      "saldo",
      "id de transaccion",
    ],
  },
  {
    key: "adyen",
    name: "Adyen",
    signature: [
      "creation date",
      "type",
      "modification reference",
      "net currency",
      "net debit nc",
      "net credit nc",
      "batch number",
    ],
    columns: {
      description: ["type", "merchant reference", "modification reference", "modification merchant reference"],
      type: [],
    },
  },
];
