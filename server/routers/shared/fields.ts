import { z } from "zod";

/** Field types of the public schemas, named after what they hold. */
export const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: "Decimal string with the currency's places.", example: "1234.50" });
export const day = z.iso.date().meta({ description: "A calendar day, YYYY-MM-DD.", example: "2026-11-21" });
export const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month (YYYY-MM)")
  .meta({ description: "A month, YYYY-MM.", example: "2026-11" });
export const currencyObject = z
  .object({
    id: z.uuid().describe("The currency's id."),
    code: z.string().describe("ISO 4217 code, e.g. EUR."),
    symbol: z.string().describe("Symbol for display, e.g. €."),
    decimal_places: z.number().int().describe("Decimal places of its amounts (EUR 2, JPY 0, KWD 3)."),
  })
  .meta({ id: "Currency", description: "A currency the service knows." });
export const createdBy = z
  .object({
    id: z.uuid().describe("The user's id."),
    name: z.string().nullable().describe("The user's display name; null when they gave none."),
    email: z.string().describe("The user's e-mail address."),
  })
  .meta({ id: "CreatedBy", description: "The user who created the record." })
  .nullable()
  .describe("The user who created the record; null for records the service created (system and seeded rows).");

/** The `*_agg` object: amounts per currency and their sum in the home currency. */
export const moneyAggregate = z
  .object({
    per_currency: z
      .array(
        z.object({
          currency_code: z.string().describe("ISO 4217 code of the transactions' currency."),
          currency_symbol: z.string().describe("That currency's symbol."),
          currency_decimal_places: z.number().int().describe("That currency's decimal places."),
          amount: money.describe("Sum of the transactions in that currency, with its decimal places."),
          count: z.number().int().describe("Transactions summed."),
        }),
      )
      .describe("One entry per currency the transactions were booked in, unconverted."),
    home_converted: z
      .object({
        currency_code: z.string().describe("ISO 4217 code of the workspace's home currency."),
        currency_symbol: z.string().describe("The home currency's symbol."),
        currency_decimal_places: z.number().int().describe("The home currency's decimal places."),
        amount: money.describe(
          "Sum of every transaction converted at its date's rate (or the latest earlier one within 7 days).",
        ),
        fx_partial: z.boolean().describe("True when some transactions had no rate and are left out of amount."),
        missing_fx_count: z.number().int().describe("Transactions left out of amount for lack of a rate."),
        rate_date: day.nullable().describe("The latest rate date used; null when nothing needed converting."),
      })
      .describe("The same transactions summed in the home currency."),
  })
  .meta({
    id: "Aggregate",
    description:
      "The `*_agg` object: a sum of transactions per currency and converted into the home currency; the field holding it says which transactions and which sign.",
  });
