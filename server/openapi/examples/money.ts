import type { OperationExample } from "../examples";

/** Accounts, categories, transactions and wallets. */
export const MONEY_EXAMPLES = {
  listAccounts: {
    response: {
      data: [
        {
          type: "accounts", id: "8b11cc24-6d69-4a7e-b0df-1ec85306af06",
          attributes: {
            name: "Credit Card", type: "asset", account_role: "ccAsset", currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf",
            currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, current_balance: "-423.07",
            native_current_balance: "-423.07", active: true, notes: null, liability_type: "credit_card", iban: null,
            account_number: "**** **** **** 4471", bic: null, opening_balance: "0.00", opening_balance_date: "2024-12-01",
            virtual_balance: "0.00", include_net_worth: true, credit_card_type: "monthlyFull", first_payment_date: "2025-01-05",
            payment_day_of_month: 5, interest: "0.0000", interest_period: "monthly", scheduled_payment_amount: null,
            liability_direction: "outgoing", expected_settle_date: null, order: 0, icon: "credit-card", icon_color: "#7c3aed",
            group_id: "f4e302a0-0b36-4b54-8692-2335a9f9748f", group_name: "Everyday",
            wallet_id: "6d532539-a7b1-4dbf-b231-2c617548274a",
          },
        },
        {
          type: "accounts", id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0",
          attributes: {
            name: "Everyday Checking", type: "asset", account_role: "defaultAsset",
            currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", currency_code: "EUR", currency_symbol: "€",
            currency_decimal_places: 2, current_balance: "5239.75", native_current_balance: "5239.75", active: true,
            notes: "Salary account", liability_type: null, iban: "DE89370400440532013000", account_number: null,
            bic: "COBADEFFXXX", opening_balance: "2450.00", opening_balance_date: "2024-12-01", virtual_balance: "0.00",
            include_net_worth: true, credit_card_type: null, first_payment_date: null, payment_day_of_month: null, interest: null,
            interest_period: null, scheduled_payment_amount: null, liability_direction: null, expected_settle_date: null,
            order: 0, icon: "landmark", icon_color: "#2563eb", group_id: "f4e302a0-0b36-4b54-8692-2335a9f9748f",
            group_name: "Everyday", wallet_id: "470bb70b-8397-44ba-ad56-1d088b6a7db9",
          },
        },
      ],
      meta: {
        pagination: "page", page: 1, limit: 2, total: 5,
        next_cursor: "WzAsIkV2ZXJ5ZGF5IENoZWNraW5nIiwiZmVlOWNlYzgtYzIxMS00MWU5LWI5ZjgtZWRmOTkxYWUxNmIwIl0",
      },
    },
  },
  listCategories: {
    response: {
      data: [
        {
          type: "categories", id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151",
          attributes: {
            version: 1, created_by_user_id: null, group_id: "e255d3f9-2a0a-4b22-b1d8-7fdb28744f92", name: "Groceries",
            icon_name: "shopping-cart", icon_url: null, accent_color: "#f97316", is_archived: false, is_system: true,
            aliases: ["supermarket", "Lebensmittel"], order: 9, tx_count: 748, recent_tx_count: 36,
            created_at: "2024-12-01T09:00:00.000Z", updated_at: "2024-12-01T09:00:00.000Z",
            spent_agg: {
              per_currency: [
                { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "527.77", count: 30 },
              ],
              home_converted: {
                currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "527.77", fx_partial: false,
                missing_fx_count: 0, rate_date: null,
              },
            },
            earned_agg: {
              per_currency: [],
              home_converted: {
                currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "0.00", fx_partial: false,
                missing_fx_count: 0, rate_date: null,
              },
            },
            created_by: null,
          },
        },
        {
          type: "categories", id: "d40c25ee-6b38-4f92-b4de-52ecee986fc3",
          attributes: {
            version: 1, created_by_user_id: null, group_id: "e255d3f9-2a0a-4b22-b1d8-7fdb28744f92", name: "Restaurants",
            icon_name: "utensils", icon_url: null, accent_color: "#fb923c", is_archived: false, is_system: true,
            aliases: ["dining", "takeaway"], order: 10, tx_count: 249, recent_tx_count: 4, created_at: "2024-12-01T09:00:00.000Z",
            updated_at: "2024-12-01T09:00:00.000Z",
            spent_agg: {
              per_currency: [
                { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "75.42", count: 3 },
              ],
              home_converted: {
                currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "75.42", fx_partial: false,
                missing_fx_count: 0, rate_date: null,
              },
            },
            earned_agg: {
              per_currency: [],
              home_converted: {
                currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "0.00", fx_partial: false,
                missing_fx_count: 0, rate_date: null,
              },
            },
            created_by: null,
          },
        },
      ],
      meta: {
        pagination: "page", page: 1, limit: 2, total: 3,
        next_cursor: "WzEwLCJSZXN0YXVyYW50cyIsImQ0MGMyNWVlLTZiMzgtNGY5Mi1iNGRlLTUyZWNlZTk4NmZjMyJd",
      },
    },
  },
  listTransactions: {
    response: {
      data: [
        {
          id: "98332fe3-6904-4a78-b4ef-fe7219ff58f1", date: "2026-11-25", type: "expense", amount: "-20.22", currency_code: "EUR",
          account_id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0", account_name: "Everyday Checking",
          wallet_id: "470bb70b-8397-44ba-ad56-1d088b6a7db9", category_id: "348a7562-00a0-4dd5-9eb1-03ac13991247",
          category_name: "Clothing", category_color: "#ec4899", category_archived: false, description: "Zalando",
          counterparty: "Zalando", notes: null, foreign_amount: null, foreign_currency_code: null, transfer_peer_id: null,
          peer_account_id: null, peer_account_name: null, created_at: "2026-11-25T07:00:21.000Z",
        },
        {
          id: "2909bedc-a384-4885-aa17-57ca581d5962", date: "2026-11-25", type: "expense", amount: "-4.39", currency_code: "EUR",
          account_id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0", account_name: "Everyday Checking",
          wallet_id: "470bb70b-8397-44ba-ad56-1d088b6a7db9", category_id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151",
          category_name: "Groceries", category_color: "#f97316", category_archived: false, description: "REWE",
          counterparty: "REWE", notes: null, foreign_amount: null, foreign_currency_code: null, transfer_peer_id: null,
          peer_account_id: null, peer_account_name: null, created_at: "2026-11-25T07:00:14.000Z",
        },
        {
          id: "c208d201-0775-4038-9bda-de4c593ebce4", date: "2026-11-25", type: "expense", amount: "-9.95", currency_code: "EUR",
          account_id: "8b11cc24-6d69-4a7e-b0df-1ec85306af06", account_name: "Credit Card",
          wallet_id: "6d532539-a7b1-4dbf-b231-2c617548274a", category_id: "d40c25ee-6b38-4f92-b4de-52ecee986fc3",
          category_name: "Restaurants", category_color: "#fb923c", category_archived: false, description: "Curry 36",
          counterparty: "Curry 36", notes: null, foreign_amount: null, foreign_currency_code: null, transfer_peer_id: null,
          peer_account_id: null, peer_account_name: null, created_at: "2026-11-25T07:00:07.000Z",
        },
      ],
      meta: { pagination: "page", page: 1, limit: 3, total: 3004, next_cursor: null },
    },
  },
  getWallet: {
    response: {
      data: {
        type: "wallets", id: "c9eabacb-ed09-4228-9576-0b14ca7cd2e3",
        attributes: {
          version: 1, name: "Travel", type: "bank", icon: "plane", icon_url: null, accent_color: "#0ea5e9",
          group_id: "6d241541-1f8e-44a6-88f1-19e67e03fc42", include_net_worth: true, notes: "Multi-currency travel account",
          order: 2, liability_type: null, liability_direction: null, interest: null, interest_period: null,
          monthly_payment_date: null, term_periods: null, repayment_type: null, scheduled_payment_amount: null,
          first_payment_date: null, payment_day_of_month: null, expected_settle_date: null,
          accounts: [
            {
              id: "0847e411-644c-45b6-b802-73ec95e7c5c6",
              currency: { id: "630fd802-303a-53e7-a413-235e562cacc0", code: "USD", symbol: "$", decimal_places: 2 },
              current_balance: "1399.64", opening_balance: "0.00", opening_balance_date: "2024-12-01",
              opening_balance_missing: false, active: true, iban: null, bic: null, account_number: "8310001144",
            },
            {
              id: "9e55d0c0-d867-4eb2-a7ac-3ce3abf72e5a",
              currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
              current_balance: "202.35", opening_balance: "150.00", opening_balance_date: "2024-12-01",
              opening_balance_missing: false, active: true, iban: "BE11967012345678", bic: "TRWIBEB1XXX", account_number: null,
            },
          ],
          total_balance: "1448.47",
          total_balance_currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
          total_today_at: "2026-11-25T01:23:02.684Z",
          per_currency: [
            { currency_id: "630fd802-303a-53e7-a413-235e562cacc0", currency_code: "USD", amount: "1399.64" },
            { currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", currency_code: "EUR", amount: "202.35" },
          ],
          balance_sparkline_30d: [
            1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47,
            1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47, 1448.47,
            1448.47, 1448.47, 1448.47, 1448.47,
          ],
          balance_trend_30d_percentage: "0.00", needs_opening_balance_setup: false, last_reconciled_at: null,
          reconciliation_status: null, credit_card: null, created_at: "2024-12-01T09:00:00.000Z",
          updated_at: "2024-12-01T09:00:00.000Z", archived_at: null, is_archived: false,
        },
      },
    },
  },
  listWallets: {
    response: {
      data: [
        {
          type: "wallets", id: "470bb70b-8397-44ba-ad56-1d088b6a7db9",
          attributes: {
            version: 1, name: "Everyday Checking", type: "bank", icon: "landmark", icon_url: null, accent_color: "#2563eb",
            group_id: "f4e302a0-0b36-4b54-8692-2335a9f9748f", include_net_worth: true, notes: "Salary account", order: 0,
            liability_type: null, liability_direction: null, interest: null, interest_period: null, monthly_payment_date: null,
            term_periods: null, repayment_type: null, scheduled_payment_amount: null, first_payment_date: null,
            payment_day_of_month: null, expected_settle_date: null,
            accounts: [
              {
                id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0",
                currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
                current_balance: "5239.75", opening_balance: "2450.00", opening_balance_date: "2024-12-01",
                opening_balance_missing: false, active: true, iban: "DE89370400440532013000", bic: "COBADEFFXXX",
                account_number: null,
              },
            ],
            total_balance: "5239.75",
            total_balance_currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
            total_today_at: "2026-11-25T01:23:02.525Z",
            per_currency: [{ currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", currency_code: "EUR", amount: "5239.75" }],
            balance_sparkline_30d: [
              8976.84, 8913.61, 8856.23, 8848.31, 8786.59, 7631.09, 7205.08, 7098.89, 7029.23, 5854.99, 5778.58, 5671.59, 5626.16,
              5626.16, 5586.83, 5561.85, 5456.16, 5408.38, 5306.8, 5210.81, 5119.24, 5624.73, 5592.46, 5547.22, 5437.23, 5378.44,
              5356.08, 5342.82, 5267.84, 5239.75,
            ],
            balance_trend_30d_percentage: "-41.63", needs_opening_balance_setup: false, last_reconciled_at: null,
            reconciliation_status: null, credit_card: null, created_at: "2024-12-01T09:00:00.000Z",
            updated_at: "2024-12-01T09:00:00.000Z", archived_at: null, is_archived: false,
          },
        },
        {
          type: "wallets", id: "0c96d810-3941-4698-a9a5-0509b71d8e9e",
          attributes: {
            version: 1, name: "Savings", type: "savings", icon: "piggy-bank", icon_url: null, accent_color: "#16a34a",
            group_id: "6d241541-1f8e-44a6-88f1-19e67e03fc42", include_net_worth: true, notes: null, order: 1,
            liability_type: null, liability_direction: null, interest: "1.5000", interest_period: "yearly",
            monthly_payment_date: null, term_periods: null, repayment_type: null, scheduled_payment_amount: null,
            first_payment_date: null, payment_day_of_month: null, expected_settle_date: null,
            accounts: [
              {
                id: "0415fa34-24c9-4cba-a923-1ddf7bec914a",
                currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
                current_balance: "17940.80", opening_balance: "8000.00", opening_balance_date: "2024-12-01",
                opening_balance_missing: false, active: true, iban: "DE44500105175407324931", bic: "INGDDEFFXXX",
                account_number: null,
              },
            ],
            total_balance: "17940.80",
            total_balance_currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
            total_today_at: "2026-11-25T01:23:02.528Z",
            per_currency: [{ currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", currency_code: "EUR", amount: "17940.80" }],
            balance_sparkline_30d: [
              17540.8, 17540.8, 17540.8, 17540.8, 17540.8, 17540.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8,
              17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8, 17940.8,
              17940.8, 17940.8, 17940.8, 17940.8,
            ],
            balance_trend_30d_percentage: "2.28", needs_opening_balance_setup: false, last_reconciled_at: null,
            reconciliation_status: null, credit_card: null, created_at: "2024-12-01T09:00:00.000Z",
            updated_at: "2024-12-01T09:00:00.000Z", archived_at: null, is_archived: false,
          },
        },
      ],
      meta: {
        pagination: "page", page: 1, limit: 2, total: 4,
        next_cursor: "WzEsIlNhdmluZ3MiLCIwYzk2ZDgxMC0zOTQxLTQ2OTgtYTlhNS0wNTA5YjcxZDhlOWUiXQ",
      },
    },
  },
} satisfies Record<string, OperationExample>;
