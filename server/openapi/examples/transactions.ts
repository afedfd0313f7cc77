import type { OperationExample } from "../examples";

const CHECKING = "fee9cec8-c211-41e9-b9f8-edf991ae16b0";
const GROCERIES = "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151";
const WRITTEN = "7d0e5a0c-3b9e-4c1f-8a57-2f5d3c1b9e40";
const UPDATED = "2909bedc-a384-4885-aa17-57ca581d5962";

const checkingBalance = {
  domain: "accounts",
  id: CHECKING,
  action: "upsert",
  data: { current_balance: "2431.18", opening_balance: "1500.00", opening_balance_date: "2024-11-01" },
};

/** The transaction writes: a script's sync of its own source (external_id), a bulk categorisation, a delete. */
export const TRANSACTION_EXAMPLES: Record<string, OperationExample> = {
  // The CSV; the XLSX workbook is binary and has no example.
  exportTransactions: {
    response:
      "date,type,amount,currency_code,account_name,category_name,description,counterparty,notes,peer_account_name,foreign_amount,foreign_currency_code,external_id,id,tags,cleared,reconciled,parts\r\n" +
      "2026-11-27,expense,-42.10,EUR,Main Account,Groceries,REWE Markt,REWE,,,,,,7d1f3c52-0a4e-4c59-9a57-2c1b7f0c8e11,,true,false,\r\n" +
      '2026-11-25,expense,-9.99,EUR,Main Account,Subscriptions,\'=HYPERLINK("http://example.com"),,,,,,,0f6b2a1e-8c3d-4e5f-9a7b-1c2d3e4f5a6b,,false,false,\r\n',
  },
  getTransaction: {
    response: {
      data: {
        id: UPDATED,
        date: "2026-11-25",
        type: "expense",
        amount: "-4.39",
        currency_code: "EUR",
        account_id: CHECKING,
        account_name: "Everyday Checking",
        wallet_id: "470bb70b-8397-44ba-ad56-1d088b6a7db9",
        category_id: GROCERIES,
        category_name: "Groceries",
        category_color: "#f97316",
        category_archived: false,
        description: "REWE",
        counterparty: "REWE",
        notes: null,
        tags: [],
        foreign_amount: null,
        foreign_currency_code: null,
        transfer_peer_id: null,
        peer_account_id: null,
        peer_account_name: null,
        external_id: "bank-2026-11-25-0042",
        parts: [],
        cleared: true,
        reconciled: false,
        running_balance: null,
        created_at: "2026-11-25T07:00:14.000Z",
        updated_at: "2026-11-26T09:12:40.000Z",
      },
    },
  },
  writeTransactions: {
    request: {
      transactions: [
        {
          account_id: CHECKING,
          date: "2026-11-26",
          amount: "-23.80",
          description: "REWE SAGT DANKE 4711",
          counterparty: "REWE",
          category_id: GROCERIES,
          external_id: "bank-2026-11-26-0007",
        },
        {
          account_id: CHECKING,
          date: "2026-11-25",
          amount: "-4.39",
          description: "REWE",
          external_id: "bank-2026-11-25-0042",
        },
      ],
    },
    response: {
      data: [
        { id: WRITTEN, status: "created", external_id: "bank-2026-11-26-0007" },
        { id: UPDATED, status: "unchanged", external_id: "bank-2026-11-25-0042" },
      ],
      side_effects: [
        {
          domain: "transactions",
          id: WRITTEN,
          action: "create",
          data: {
            account_id: CHECKING,
            date: "2026-11-26",
            amount: "-23.80",
            type: "expense",
            category_id: GROCERIES,
            external_id: "bank-2026-11-26-0007",
          },
        },
        checkingBalance,
      ],
    },
    responses: {
      "200": {
        data: [
          { id: WRITTEN, status: "created", external_id: "bank-2026-11-26-0007" },
          { id: UPDATED, status: "unchanged", external_id: "bank-2026-11-25-0042" },
        ],
        side_effects: [],
      },
    },
  },
  updateTransactions: {
    request: { transactions: [{ id: UPDATED, category_id: GROCERIES, notes: "weekly shop" }] },
    response: {
      data: [{ id: UPDATED, status: "updated", external_id: "bank-2026-11-25-0042" }],
      side_effects: [
        {
          domain: "transactions",
          id: UPDATED,
          action: "upsert",
          data: {
            account_id: CHECKING,
            date: "2026-11-25",
            amount: "-4.39",
            type: "expense",
            category_id: GROCERIES,
            external_id: "bank-2026-11-25-0042",
          },
        },
        checkingBalance,
      ],
    },
  },
  deleteTransaction: {
    response: {
      data: { deleted: [WRITTEN] },
      side_effects: [{ domain: "transactions", id: WRITTEN, action: "delete", data: {} }, checkingBalance],
    },
  },
};
