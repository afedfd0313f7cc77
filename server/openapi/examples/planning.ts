import type { OperationExample } from "../examples";

/** Recurring rules, goals, budgets and transaction templates. */
export const PLANNING_EXAMPLES = {
  listRecurringRules: {
    response: {
      data: [
        {
          id: "3d25643c-e8b3-4c39-8683-136cc1403a35", created_by_user_id: "6d276425-3788-4eb3-bdea-7d9e899b697b",
          name: "Broadcasting fee", raw_name: "Rundfunkbeitrag quarterly", is_system_seed: false, system_seed_key: null,
          system_seed_source: null, name_customized: false, type: "expense", kind: "rule", amount: "55.08",
          currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", currency_code: "EUR", currency_symbol: "€",
          account_id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0", account_name: "Everyday Checking", destination_account_id: null,
          destination_account_name: null, category_id: "8ac2e77b-fd35-4100-a52e-7cf604875dcf", category_name: "Utilities",
          frequency: "quarterly", custom_interval_days: null, start_date: "2024-12-16", end_date: null,
          next_occurrence_date: "2026-12-16", status: "active", paused_at: null, auto_create: true, catalog_item_id: null,
          billing_url: null, icon: "radio", icon_url: null, accent_color: "#60a5fa", external_id: null, notes: null, version: 1,
          created_at: "2024-12-01T09:00:00.000Z", updated_at: "2024-12-01T09:00:00.000Z",
          created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
        },
        {
          id: "77e530d7-f8cd-41aa-a564-0b625ee55ec0", created_by_user_id: "6d276425-3788-4eb3-bdea-7d9e899b697b",
          name: "Cleaning service", raw_name: "Helping Hands cleaning", is_system_seed: false, system_seed_key: null,
          system_seed_source: null, name_customized: false, type: "expense", kind: "rule", amount: "60.00",
          currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", currency_code: "EUR", currency_symbol: "€",
          account_id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0", account_name: "Everyday Checking", destination_account_id: null,
          destination_account_name: null, category_id: "a4cc2dfc-3c95-4595-99b9-769f621bc525", category_name: "Household",
          frequency: "biweekly", custom_interval_days: null, start_date: "2025-06-05", end_date: null, next_occurrence_date: null,
          status: "paused", paused_at: "2026-08-25T09:00:00.000Z", auto_create: false, catalog_item_id: null, billing_url: null,
          icon: "sparkles", icon_url: null, accent_color: "#93c5fd", external_id: null, notes: null, version: 1,
          created_at: "2024-12-01T09:00:00.000Z", updated_at: "2026-08-25T09:00:00.000Z",
          created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
        },
      ],
      meta: { total: 15, page: 1, limit: 2 },
    },
  },
  listGoals: {
    response: {
      data: [
        {
          type: "goals", id: "2fbb2418-4417-4f60-8887-cd4721bef5d6",
          attributes: {
            created_by_user_id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Emergency fund", raw_name: "Emergency fund",
            is_system_seed: false, system_seed_key: null, system_seed_source: null, name_customized: false, icon: "shield",
            icon_url: null, cover_image: null, accent_color: "#16a34a", currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf",
            target_amount: "20000.00", monthly_contribution: "400.00", current_saved: "17940.80", saved_amount: "0.00",
            target_date: "2027-07-25", linked_wallet_id: "0c96d810-3941-4698-a9a5-0509b71d8e9e", order: 0, status: "active",
            created_at: "2024-12-02T09:00:00.000Z", updated_at: "2024-12-02T09:00:00.000Z", monthly_pace: "400.00",
            expected_completion_date: "2027-05-25", on_track: true, pace: "ahead",
            pace_detail: {
              remaining_amount: "2059.20", required_monthly: "257.40", months_remaining: 8, progress_percentage: "89.70",
            },
            auto_contribution: { source: "recurring_rule", enabled: true, day_of_month: 2 }, eta_month: "2027-05", overdue: false,
            version: 1, created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
          },
        },
        {
          type: "goals", id: "f6e83c40-f40b-493a-9b7b-0f254e0f6abd",
          attributes: {
            created_by_user_id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "New laptop", raw_name: "New laptop",
            is_system_seed: false, system_seed_key: null, system_seed_source: null, name_customized: false, icon: "laptop",
            icon_url: null, cover_image: null, accent_color: "#f472b6", currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf",
            target_amount: "2400.00", monthly_contribution: "100.00", current_saved: "350.00", saved_amount: "350.00",
            target_date: "2027-02-25", linked_wallet_id: null, order: 1, status: "active", created_at: "2025-12-06T09:00:00.000Z",
            updated_at: "2025-12-06T09:00:00.000Z", monthly_pace: "100.00", expected_completion_date: "2028-08-25",
            on_track: false, pace: "behind",
            pace_detail: {
              remaining_amount: "2050.00", required_monthly: "683.33", months_remaining: 3, progress_percentage: "14.58",
            },
            auto_contribution: null, eta_month: "2028-08", overdue: false, version: 1,
            created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
          },
        },
      ],
      meta: {
        pagination: "page", page: 1, limit: 2, total: 4,
        next_cursor: "WzEsIk5ldyBsYXB0b3AiLCJmNmU4M2M0MC1mNDBiLTQ5M2EtOWI3Yi0wZjI1NGUwZjZhYmQiXQ",
      },
    },
  },
  getBudget: {
    response: {
      data: {
        type: "budgets", id: "3c85b2a6-c845-49f5-8271-4f8357714540",
        attributes: {
          name: "Groceries", active: true, period: "monthly", start_date: "2024-12-01", rollover_strategy: "carry",
          pacing_strategy: "linear", include_recurring_transactions: true, accent_color: "#f97316", icon: "shopping-cart",
          icon_url: null, currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", version: 1,
          currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 }, amount: "720.00",
          base_amount: "720.00", order: 0, created_at: "2024-12-01T09:00:00.000Z",
          created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
          category_ids: ["4b40acd0-9b3c-4aa9-8ca9-9b27c523f151"],
          categories: [
            { id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151", name: "Groceries", icon: "shopping-cart", accent_color: "#f97316" },
          ],
          current_period: {
            period_start: "2026-11-01", period_end: "2026-11-30", period_date: "2026-11-25", days_total: 30, days_elapsed: 25,
            budgeted: "720.00", rollover_in: "491.21", available: "1211.21", spent: "527.77", remaining: "683.44",
            expected_spend_to_date: "1009.34", spent_percentage: "43.57", status: "on_track", fx_partial: false,
            missing_fx_count: 0,
          },
        },
      },
    },
  },
  listBudgets: {
    response: {
      data: [
        {
          type: "budgets", id: "3c85b2a6-c845-49f5-8271-4f8357714540",
          attributes: {
            name: "Groceries", active: true, period: "monthly", start_date: "2024-12-01", rollover_strategy: "carry",
            pacing_strategy: "linear", include_recurring_transactions: true, accent_color: "#f97316", icon: "shopping-cart",
            icon_url: null, currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", version: 1,
            currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
            amount: "720.00", base_amount: "720.00", order: 0, created_at: "2024-12-01T09:00:00.000Z",
            created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
            category_ids: ["4b40acd0-9b3c-4aa9-8ca9-9b27c523f151"],
            categories: [
              { id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151", name: "Groceries", icon: "shopping-cart", accent_color: "#f97316" },
            ],
            current_period: {
              period_start: "2026-11-01", period_end: "2026-11-30", period_date: "2026-11-25", days_total: 30, days_elapsed: 25,
              budgeted: "720.00", rollover_in: "491.21", available: "1211.21", spent: "527.77", remaining: "683.44",
              expected_spend_to_date: "1009.34", spent_percentage: "43.57", status: "on_track", fx_partial: false,
              missing_fx_count: 0,
            },
          },
        },
        {
          type: "budgets", id: "5350cd73-8022-4c1b-a1f7-7732502f1ce6",
          attributes: {
            name: "Eating out", active: true, period: "monthly", start_date: "2024-12-01", rollover_strategy: "none",
            pacing_strategy: "front_loaded", include_recurring_transactions: true, accent_color: "#fb923c", icon: "utensils",
            icon_url: null, currency_id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", version: 1,
            currency: { id: "5284d5ff-cac9-5838-a310-bbea3cd46cdf", code: "EUR", symbol: "€", decimal_places: 2 },
            amount: "180.00", base_amount: "180.00", order: 1, created_at: "2024-12-01T09:00:00.000Z",
            created_by: { id: "6d276425-3788-4eb3-bdea-7d9e899b697b", name: "Demo User", email: "demo@example.com" },
            category_ids: ["d40c25ee-6b38-4f92-b4de-52ecee986fc3", "5dbc60c8-feca-4922-944e-3a2e478d8641"],
            categories: [
              { id: "d40c25ee-6b38-4f92-b4de-52ecee986fc3", name: "Restaurants", icon: "utensils", accent_color: "#fb923c" },
              { id: "5dbc60c8-feca-4922-944e-3a2e478d8641", name: "Coffee", icon: "coffee", accent_color: "#92400e" },
            ],
            current_period: {
              period_start: "2026-11-01", period_end: "2026-11-30", period_date: "2026-11-25", days_total: 30, days_elapsed: 25,
              budgeted: "180.00", rollover_in: "0.00", available: "180.00", spent: "124.38", remaining: "55.62",
              expected_spend_to_date: "164.32", spent_percentage: "69.10", status: "on_track", fx_partial: false,
              missing_fx_count: 0,
            },
          },
        },
      ],
      meta: {
        pagination: "page", page: 1, limit: 2, total: 4,
        next_cursor: "WzEsIkVhdGluZyBvdXQiLCI1MzUwY2Q3My04MDIyLTRjMWItYTFmNy03NzMyNTAyZjFjZTYiXQ",
      },
    },
  },
  createTransactionTemplate: {
    request: {
      direction: "expense", name: "Weekly groceries", source_wallet_id: "470bb70b-8397-44ba-ad56-1d088b6a7db9",
      category_id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151", amount_minor: "8550", currency_code: "EUR", description: "Supermarket",
      tags: ["food"], recurrence_preset: "weekly",
    },
    response: {
      data: {
        id: "2a59f22a-b53e-44c6-8b26-c73332d77d4f", source: "user_saved", name: "Weekly groceries", direction: "expense",
        fields: {
          sourceWallet: {
            id: "470bb70b-8397-44ba-ad56-1d088b6a7db9", name: "Everyday Checking", type: "bank", icon: "landmark",
            accent_color: "#2563eb", currency_codes: ["EUR"],
          },
          targetWallet: null,
          category: {
            id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151", name: "Groceries", icon_name: "shopping-cart", accent_color: "#f97316",
          },
          amountMinor: "8550", currencyCode: "EUR", description: "Supermarket", notes: null, note: null, tags: ["food"],
          recurrencePreset: "weekly",
        },
        usageCount: 0, lastUsedAt: null, createdAt: "2026-11-25T01:23:03.744Z",
      },
      side_effects: [
        {
          domain: "transaction_templates", id: "2a59f22a-b53e-44c6-8b26-c73332d77d4f", action: "create",
          data: { name: "Weekly groceries", direction: "expense", usage_count: 0 },
        },
      ],
    },
  },
} satisfies Record<string, OperationExample>;
