import type { OperationExample } from "../examples";

/** The six reports, for November 2026 on the 23rd, a month still running (the lists cut to their first entries). */
export const REPORT_EXAMPLES = {
  getCategoryHeatmap: {
    response: {
      data: {
        type: "category_heatmap", id: "category_heatmap:2026-11:recent",
        attributes: {
          analysis_period_start: "2026-06-01", analysis_period_end: "2026-11-30", period: "recent", currency_code: "EUR",
          currency_symbol: "€", months: ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"],
          categories: [
            { category_id: "01693d04-df46-4fcd-b154-05209f3c1e85", name: "Rent", icon_name: "home", accent_color: "#2563eb" },
            {
              category_id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151", name: "Groceries", icon_name: "shopping-cart",
              accent_color: "#f97316",
            },
            {
              category_id: "d40c25ee-6b38-4f92-b4de-52ecee986fc3", name: "Restaurants", icon_name: "utensils",
              accent_color: "#fb923c",
            },
          ],
          cells: [
            ["1150.00", "679.43", "210.10"],
            ["1150.00", "584.90", "632.65"],
            ["1150.00", "795.86", "292.97"],
            ["1150.00", "683.69", "225.35"],
            ["1150.00", "844.45", "284.93"],
            ["1150.00", "527.77", "75.42"],
          ],
          min_value: "75.42", max_value: "1150.00",
          period_total_agg: {
            per_currency: [
              { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "21458.25", count: 669 },
              { currency_code: "USD", currency_symbol: "$", currency_decimal_places: 2, amount: "1110.12", count: 38 },
            ],
            home_converted: {
              currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "22475.96", fx_partial: false,
              missing_fx_count: 0, rate_date: "2026-07-10",
            },
          },
          fx_partial: false, missing_fx_count: 0,
        },
        window: {
          applied_months: 6, earliest_visible_date: "2026-06-01", plan: "free", requested_range: "recent",
          truncated_by_plan: false, partial_month: true, as_of: "2026-11-23",
        },
      },
    },
  },
  getIncomeStability: {
    response: {
      data: {
        type: "income_stability", id: "income_stability:2026-11:recent",
        attributes: {
          analysis_period_start: "2026-06-01", analysis_period_end: "2026-11-30", period: "recent", currency_code: "EUR",
          currency_symbol: "€",
          monthly_incomes: [
            { month: "2026-06", amount: "4167.36", partial: false },
            { month: "2026-07", amount: "4072.37", partial: false },
            { month: "2026-08", amount: "4981.15", partial: false },
            { month: "2026-09", amount: "5505.20", partial: false },
            { month: "2026-10", amount: "4450.00", partial: false },
            { month: "2026-11", amount: "608.25", partial: true },
          ],
          mean: "4635.22", stddev: "537.87", cv: "0.1160", trend: "increasing", forecast_next_month: "5434.46",
          statistics_months: 5,
          total_income_agg: {
            per_currency: [
              { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "23784.33", count: 19 },
            ],
            home_converted: {
              currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "23784.33", fx_partial: false,
              missing_fx_count: 0, rate_date: null,
            },
          },
          fx_partial: false, missing_fx_count: 0,
        },
        window: {
          applied_months: 6, earliest_visible_date: "2026-06-01", plan: "free", requested_range: "recent",
          truncated_by_plan: false, partial_month: true, as_of: "2026-11-23",
        },
      },
    },
  },
  getUncategorizedClusters: {
    response: {
      data: {
        type: "uncategorized_clusters", id: "uncategorized_clusters:2026-11:full",
        attributes: {
          analysis_period_start: "2025-12-01", analysis_period_end: "2026-11-30", currency_code: "EUR", currency_symbol: "€",
          analysis_period_months: 12, total_uncategorized_count: 81,
          clusters: [
            {
              description_pattern: "atm withdrawal sparkasse", count: 22, total_amount: "-1090.00", avg_amount: "-49.55",
              last_date: "2026-11-20",
              sample_transaction_ids: ["08277361-4e98-4faa-afb0-ca29c075b48b", "4ab57565-39a4-4633-a51a-07279d0b50e9"],
              total_amount_agg: {
                per_currency: [
                  { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "-1090.00", count: 22 },
                ],
                home_converted: {
                  currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "-1090.00", fx_partial: false,
                  missing_fx_count: 0, rate_date: null,
                },
              },
              fx_partial: false, missing_fx_count: 0,
            },
            {
              description_pattern: "paypal ebay de", count: 15, total_amount: "-312.32", avg_amount: "-20.82",
              last_date: "2026-10-10",
              sample_transaction_ids: ["33105cc1-8802-4e1a-9eb0-c5eb4a5924a5", "0dc73382-cc2e-4d56-ac12-9af831ba398b"],
              total_amount_agg: {
                per_currency: [
                  { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "-312.32", count: 15 },
                ],
                home_converted: {
                  currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "-312.32", fx_partial: false,
                  missing_fx_count: 0, rate_date: null,
                },
              },
              fx_partial: false, missing_fx_count: 0,
            },
          ],
          fx_partial: false, missing_fx_count: 0,
        },
        window: {
          applied_months: 12, earliest_visible_date: "2025-12-01", plan: "free", requested_range: "full", truncated_by_plan: true,
          partial_month: true, as_of: "2026-11-23",
        },
      },
    },
  },
  getRecurringDetection: {
    response: {
      data: {
        type: "recurring_detection", id: "recurring_detection:2026-11:full",
        attributes: {
          analysis_period_start: "2025-12-01", analysis_period_end: "2026-11-30", analysis_period_months: 12,
          detected: [
            {
              description_pattern: "fitx studio membership", suggested_name: "Fitx Studio Membership", avg_amount: "-29.90",
              frequency: "monthly", count: 4, last_date: "2026-11-03", amount_variance: "0.0000",
              suggested_action: "create_subscription",
            },
          ],
          total_estimated_monthly_agg: {
            per_currency: [{ currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "29.90", count: 1 }],
            home_converted: {
              currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "29.90", fx_partial: false,
              missing_fx_count: 0, rate_date: null,
            },
          },
          fx_partial: false, missing_fx_count: 0,
        },
        window: {
          applied_months: 12, earliest_visible_date: "2025-12-01", plan: "free", requested_range: "full", truncated_by_plan: true,
          partial_month: true, as_of: "2026-11-23",
        },
      },
    },
  },
  getCategoryDrift: {
    response: {
      data: {
        type: "category_drift", id: "category_drift:2026-11:recent",
        attributes: {
          analysis_period_start: "2026-06-01", analysis_period_end: "2026-11-30", period: "recent", currency_code: "EUR",
          currency_symbol: "€", compared_month: "2026-10",
          categories: [
            {
              category_id: "01693d04-df46-4fcd-b154-05209f3c1e85", name: "Rent", icon_name: "home", accent_color: "#2563eb",
              monthly_shares: [
                { month: "2026-06", share: "32.74", partial: false },
                { month: "2026-07", share: "25.35", partial: false },
                { month: "2026-08", share: "31.04", partial: false },
                { month: "2026-09", share: "31.14", partial: false },
                { month: "2026-10", share: "28.88", partial: false },
                { month: "2026-11", share: "37.72", partial: true },
              ],
              change_pp: "-3.86", direction: "shrinking",
            },
            {
              category_id: "a4cc2dfc-3c95-4595-99b9-769f621bc525", name: "Household", icon_name: "sofa", accent_color: "#93c5fd",
              monthly_shares: [
                { month: "2026-06", share: "4.33", partial: false },
                { month: "2026-07", share: "4.27", partial: false },
                { month: "2026-08", share: "1.62", partial: false },
                { month: "2026-09", share: "0.00", partial: false },
                { month: "2026-10", share: "1.45", partial: false },
                { month: "2026-11", share: "0.47", partial: true },
              ],
              change_pp: "-2.88", direction: "shrinking",
            },
            {
              category_id: "d40c25ee-6b38-4f92-b4de-52ecee986fc3", name: "Restaurants", icon_name: "utensils",
              accent_color: "#fb923c",
              monthly_shares: [
                { month: "2026-06", share: "5.98", partial: false },
                { month: "2026-07", share: "13.95", partial: false },
                { month: "2026-08", share: "7.91", partial: false },
                { month: "2026-09", share: "6.10", partial: false },
                { month: "2026-10", share: "7.16", partial: false },
                { month: "2026-11", share: "2.47", partial: true },
              ],
              change_pp: "1.18", direction: "growing",
            },
          ],
          fx_partial: false, missing_fx_count: 0,
        },
        window: {
          applied_months: 6, earliest_visible_date: "2026-06-01", plan: "free", requested_range: "recent",
          truncated_by_plan: false, partial_month: true, as_of: "2026-11-23",
        },
      },
    },
  },
  getCashFlowSummary: {
    response: {
      data: {
        type: "cash_flow_summary", id: "cash_flow_summary:2026-11:recent",
        attributes: {
          analysis_period_start: "2026-06-01", analysis_period_end: "2026-11-30", month: "2026-11", target_savings_rate: "20.00",
          total_income_agg: {
            per_currency: [
              { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "608.25", count: 2 },
            ],
            home_converted: {
              currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "608.25", fx_partial: false,
              missing_fx_count: 0, rate_date: null,
            },
          },
          total_expenses_agg: {
            per_currency: [
              { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "3048.40", count: 96 },
            ],
            home_converted: {
              currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "3048.40", fx_partial: false,
              missing_fx_count: 0, rate_date: null,
            },
          },
          savings_agg: {
            per_currency: [
              { currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "-2440.15", count: 98 },
            ],
            home_converted: {
              currency_code: "EUR", currency_symbol: "€", currency_decimal_places: 2, amount: "-2440.15", fx_partial: false,
              missing_fx_count: 0, rate_date: null,
            },
          },
          savings_rate: "-401.18",
          income_sources: [
            {
              account_id: "fee9cec8-c211-41e9-b9f8-edf991ae16b0", wallet_id: "470bb70b-8397-44ba-ad56-1d088b6a7db9",
              name: "Everyday Checking", amount: "550.00", percentage: "90.42",
            },
            {
              account_id: "8b11cc24-6d69-4a7e-b0df-1ec85306af06", wallet_id: "6d532539-a7b1-4dbf-b231-2c617548274a",
              name: "Credit Card", amount: "58.25", percentage: "9.58",
            },
          ],
          expense_categories: [
            {
              category_id: "01693d04-df46-4fcd-b154-05209f3c1e85", name: "Rent", icon_name: "home", accent_color: "#2563eb",
              amount: "1150.00", percentage: "37.72",
            },
            {
              category_id: "4b40acd0-9b3c-4aa9-8ca9-9b27c523f151", name: "Groceries", icon_name: "shopping-cart",
              accent_color: "#f97316", amount: "527.77", percentage: "17.31",
            },
            {
              category_id: "b2e0fc77-574d-4594-a132-6fe898dad8d0", name: "General shopping", icon_name: "shopping-bag",
              accent_color: "#f9a8d4", amount: "235.63", percentage: "7.73",
            },
          ],
          monthly_trend: [
            { month: "2026-06", income: "4167.36", expenses: "3512.59", savings: "654.77", savings_rate: "15.71", partial: false },
            { month: "2026-07", income: "4072.37", expenses: "4535.86", savings: "-463.49", savings_rate: "-11.38", partial: false },
            { month: "2026-08", income: "4981.15", expenses: "3704.36", savings: "1276.79", savings_rate: "25.63", partial: false },
            { month: "2026-09", income: "5505.20", expenses: "3693.10", savings: "1812.10", savings_rate: "32.92", partial: false },
            { month: "2026-10", income: "4450.00", expenses: "3981.65", savings: "468.35", savings_rate: "10.52", partial: false },
            { month: "2026-11", income: "608.25", expenses: "3048.40", savings: "-2440.15", savings_rate: "-401.18", partial: true },
          ],
          month_to_date_comparison: {
            through_day: 23,
            months: [
              { month: "2026-11", through: "2026-11-23", income: "608.25", expenses: "3048.40", savings: "-2440.15", savings_rate: "-401.18" },
              { month: "2026-10", through: "2026-10-23", income: "400.00", expenses: "3234.42", savings: "-2834.42", savings_rate: "-708.61" },
              { month: "2026-09", through: "2026-09-23", income: "1400.00", expenses: "3255.42", savings: "-1855.42", savings_rate: "-132.53" },
              { month: "2026-08", through: "2026-08-23", income: "906.17", expenses: "3114.21", savings: "-2208.04", savings_rate: "-243.67" },
            ],
            previous_months_compared: 3,
            previous_average: { income: "902.06", expenses: "3201.35", savings: "-2299.29", savings_rate: "-254.89" },
          },
          fx_losses_home: "0.00", fx_partial: false, missing_fx_count: 0,
        },
        window: {
          applied_months: 6, earliest_visible_date: "2026-06-01", plan: "free", requested_range: "recent",
          truncated_by_plan: false, partial_month: true, as_of: "2026-11-23",
        },
      },
    },
  },
} satisfies Record<string, OperationExample>;
