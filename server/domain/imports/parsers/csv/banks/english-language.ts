/**
 * Banks whose exports are in English: the United Kingdom and Ireland, Singapore, the United States
 * and Canada.
 */
import type { BankProfile } from "../profiles";
import { trimmedCell } from "./trimmed-cell";

export const UK_AND_IRISH_BANKS: readonly BankProfile[] = [
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
    // Those three alone: ASB's card export (New Zealand dollars) names them beside four more.
    exact: true,
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
      matches: (c) => c.length === 7 && /^\d{1,2} [A-Za-z]{3} \d{2}$/.test(trimmedCell(c, 0)),
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
];

export const SINGAPOREAN_BANKS: readonly BankProfile[] = [
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
      matches: (c) => c.length >= 7 && /^\d{1,2} [A-Za-z]{3} \d{4}$/.test(trimmedCell(c, 0)),
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
];

export const NORTH_AMERICAN_BANKS: readonly BankProfile[] = [
  {
    key: "schwab_checking",
    name: "Charles Schwab (checking)",
    dateOrder: "mdy",
    currencyCode: "USD",
    signature: ["date", "type", "description", "withdrawal", "deposit", "running balance"],
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
];
