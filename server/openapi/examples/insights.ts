import type { OperationExample } from "../examples";

/** Insights for November 2026 on the 25th: a month still running, so no income_drop. */
export const INSIGHT_EXAMPLES = {
  getInsight: {
    response: {
      data: {
        id: "budget_overspend:2026-11:b648401d-9839-495c-843b-37443ef3da68",
        type: "budget_overspend",
        priority: "high",
        triggered_at: "2026-11-12T00:00:00.000Z",
        entity_id: "b648401d-9839-495c-843b-37443ef3da68",
        associated_transaction_id: null,
        payload: {
          name: "Getting around",
          period_start: "2026-11-01",
          period_end: "2026-11-30",
          available: "120.00",
          spent: "338.64",
          remaining: "-218.64",
          expected_spend_to_date: "100.00",
          spent_percentage: "282.20",
          days_elapsed: 25,
          days_total: 30,
          currency_code: "EUR",
          missing_fx_count: 0,
        },
      },
    },
  },
  listInsights: {
    response: {
      insights: [
        {
          id: "budget_overspend:2026-11:b648401d-9839-495c-843b-37443ef3da68",
          type: "budget_overspend",
          priority: "high",
          triggered_at: "2026-11-12T00:00:00.000Z",
          entity_id: "b648401d-9839-495c-843b-37443ef3da68",
          associated_transaction_id: null,
          payload: {
            name: "Getting around",
            period_start: "2026-11-01",
            period_end: "2026-11-30",
            available: "120.00",
            spent: "338.64",
            remaining: "-218.64",
            expected_spend_to_date: "100.00",
            spent_percentage: "282.20",
            days_elapsed: 25,
            days_total: 30,
            currency_code: "EUR",
            missing_fx_count: 0,
          },
        },
        {
          id: "anomaly:2026-11:12daa1ce-dbb0-445a-8af7-947d32b3e3ba",
          type: "anomaly",
          priority: "medium",
          triggered_at: "2026-11-07T00:00:00.000Z",
          entity_id: "12daa1ce-dbb0-445a-8af7-947d32b3e3ba",
          associated_transaction_id: "12daa1ce-dbb0-445a-8af7-947d32b3e3ba",
          payload: {
            category_id: "348a7562-00a0-4dd5-9eb1-03ac13991247",
            merchant: "MediaMarkt Köln",
            date: "2026-11-07",
            amount: "101.30",
            median_amount: "33.28",
            multiple: "3.04",
            history_count: 15,
            history_start: "2026-05-01",
            currency_code: "EUR",
          },
        },
      ],
      generated_at: "2026-11-25T01:23:02.937Z",
      next_refresh_at: "2026-11-25T02:23:02.937Z",
    },
  },
} satisfies Record<string, OperationExample>;
