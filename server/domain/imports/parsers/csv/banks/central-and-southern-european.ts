/**
 * Banks of Central Europe and Switzerland, Italy and Spain.
 */
import type { BankProfile } from "../profiles";
import { trimmedCell } from "./trimmed-cell";

export const CENTRAL_EUROPEAN_AND_SWISS_BANKS: readonly BankProfile[] = [
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
  {
    // Record types in the second column: 10 the opening balance, 20 a transaction, 82 a turnover, 86
    // the closing balance; its export without a header row names the lines in English ("Opening
    // balance", "Turnover"), the one with a header in Lithuanian.
    key: "swedbank_lt",
    name: "Swedbank (Lithuania)",
    signature: ["saskaitos nr", "data", "gavejas", "paaiskinimai", "suma", "valiuta", "d k", "iraso nr"],
    headerless: {
      matches: (c) =>
        c.length >= 10 &&
        /^LT\d{2}[0-9A-Z]{16}$/.test(trimmedCell(c, 0)) &&
        /^\d{2}$/.test(trimmedCell(c, 1)) &&
        /^\d{4}-\d{2}-\d{2}$/.test(trimmedCell(c, 2)),
      columns: [
        "Sąskaitos Nr.",
        "Įrašo tipas",
        "Data",
        "Gavėjas",
        "Paaiškinimai",
        "Suma",
        "Valiuta",
        "D/K",
        "Įrašo Nr.",
        "Kodas",
      ],
    },
  },
];

export const ITALIAN_BANKS: readonly BankProfile[] = [
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
];

export const SPANISH_BANKS: readonly BankProfile[] = [
  {
    key: "ing_es",
    name: "ING (Spain)",
    dateOrder: "dmy",
    currencyCode: "EUR",
    signature: ["date", "class", "subcategory", "desc", "notes", "image", "amount", "balance"],
  },
];
