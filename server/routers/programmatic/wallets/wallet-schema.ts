import { z } from "zod";
import { currencyObject, day, money } from "../../shared/fields";
import { resource, timestamp } from "../../shared/schemas";

export const walletAccount = z.object({
  id: z.uuid(),
  currency: currencyObject,
  current_balance: money,
  opening_balance: money,
  opening_balance_date: day.nullable(),
  opening_balance_missing: z.boolean(),
  active: z.boolean(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  account_number: z.string().nullable(),
});

export const walletAttributes = z.object({
  version: z.number().int(),
  name: z.string(),
  type: z.string(),
  icon: z.string().nullable(),
  icon_url: z.string().nullable(),
  accent_color: z.string().nullable(),
  group_id: z.uuid().nullable(),
  include_net_worth: z.boolean(),
  notes: z.string().nullable(),
  order: z.number().int(),
  liability_type: z.string().nullable(),
  liability_direction: z.string().nullable(),
  interest: money.nullable(),
  interest_period: z.string().nullable(),
  monthly_payment_date: z.number().int().nullable(),
  term_periods: z.number().int().nullable(),
  repayment_type: z.string().nullable(),
  scheduled_payment_amount: money.nullable(),
  first_payment_date: day.nullable(),
  payment_day_of_month: z.number().int().nullable(),
  expected_settle_date: day.nullable(),
  accounts: z.array(walletAccount),
  total_balance: money.meta({ description: "Sum of the accounts in the home currency at today's rate." }),
  total_balance_currency: currencyObject,
  total_today_at: timestamp,
  per_currency: z.array(z.object({ currency_id: z.uuid(), currency_code: z.string(), amount: money })),
  balance_sparkline_30d: z.array(z.number()).length(30).meta({ description: "30 daily closing totals, oldest first; the last is today's." }),
  balance_trend_30d_percentage: z.string().nullable(),
  needs_opening_balance_setup: z.boolean(),
  last_reconciled_at: day.nullable(),
  reconciliation_status: z.string().nullable(),
  credit_card: z
    .object({
      card_type: z.string().nullable(),
      credit_limit: money.nullable(),
      available_credit: money.nullable(),
      payment_day_of_month: z.number().int().nullable(),
      currency_code: z.string(),
    })
    .nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  archived_at: timestamp.nullable(),
  is_archived: z.boolean(),
});

export const walletResource = resource("wallets", walletAttributes);
