import { z } from "zod";

/**
 * Field types shared by the planning forms (recurring rules, goals, budgets). Pure zod, so the
 * dashboard's client components validate with exactly what the server checks.
 */

/** At most 16 digits before the point and 4 after: what Decimal(20, 4) stores. */
const DECIMAL_PATTERN = /^\d{1,16}(\.\d{1,4})?$/;

/** A non-negative decimal string ("0", "12.30"). Places beyond the currency's are refused by the domain. */
export const nonNegativeAmount = z
  .string()
  .trim()
  .regex(DECIMAL_PATTERN, "must be a number such as 12.30 (digits, optionally a point and up to 4 places)");

/** A decimal string above zero. */
export const positiveAmount = nonNegativeAmount.refine((value) => /[1-9]/.test(value), "must be more than 0");

/** A calendar day `YYYY-MM-DD` from 1900 to 2199 (so period walks and occurrence counts stay small): every written day's bounds. */
export { dayInput as calendarDay } from "./input-fields";

export const displayName = z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters");

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #1f6feb");

export const entityId = (what: string) => z.uuid({ error: `choose ${what}` });
