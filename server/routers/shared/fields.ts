import { z } from "zod";

/** Field types of the public schemas, named after what they hold. */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/).meta({ description: "Decimal string with the currency's places.", example: "1234.50" });
export const day = z.iso.date().meta({ example: "2026-11-21" });
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month (YYYY-MM)").meta({ example: "2026-11" });
export const currencyObject = z.object({
  id: z.uuid(),
  code: z.string(),
  symbol: z.string(),
  decimal_places: z.number().int(),
});
export const createdBy = z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable();

/** The `*_agg` object: amounts per currency and their sum in the home currency. */
export const moneyAggregate = z.object({
  per_currency: z.array(
    z.object({
      currency_code: z.string(),
      currency_symbol: z.string(),
      currency_decimal_places: z.number().int(),
      amount: money,
      count: z.number().int(),
    }),
  ),
  home_converted: z.object({
    currency_code: z.string(),
    currency_symbol: z.string(),
    currency_decimal_places: z.number().int(),
    amount: money,
    fx_partial: z.boolean(),
    missing_fx_count: z.number().int(),
    rate_date: day.nullable(),
  }),
});
