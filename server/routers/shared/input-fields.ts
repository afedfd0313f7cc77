import { z } from "zod";
import { DAY_RANGE_MESSAGE, isWithinDayRange } from "../../domain/time/day-range";

/**
 * Input field types shared by the dashboard's forms and the session procedures. Pure zod (no
 * server imports but the plain day range), so client components validate with exactly what the server checks.
 */

/** A positive amount as typed: digits with up to 4 decimals ("12.30"); the currency's places are checked by the domain. */
export const positiveAmount = z
  .string()
  .trim()
  .min(1, { message: "is required", abort: true })
  .regex(/^\d{1,15}(\.\d{1,4})?$/, { message: "must be an amount such as 12.30", abort: true })
  .refine((value) => /[1-9]/.test(value), "must be more than 0");

/** A signed amount (an opening balance may be negative, e.g. a credit card). */
export const signedAmount = z
  .string()
  .trim()
  .min(1, { message: "is required", abort: true })
  .regex(/^-?\d{1,15}(\.\d{1,4})?$/, "must be an amount such as 100.00 or -25.50");

/** At most this many tags on a transaction or template. */
const MAX_TAGS = 20;

/**
 * One tag: 1 to 50 characters on one line (tab, line breaks and other control characters refused), and
 * no comma: the dashboard's tag field separates tags with commas, so a tag holding one would come back
 * from an edit as two.
 */
export const tagName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(50, "must be at most 50 characters")
  .refine(
    (value) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value),
    "must be on one line, without control characters",
  )
  .refine((value) => !value.includes(","), "must not contain a comma (commas separate tags)");

/**
 * Free tags, as given; the same tag twice (ignoring case) is kept once, in its first spelling, so
 * ["Trip", "trip"] is ["Trip"].
 */
export const tagList = z
  .array(tagName)
  .max(MAX_TAGS, `must hold at most ${MAX_TAGS} tags`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLocaleLowerCase("und");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/**
 * A day written to the workspace (a booking, an opening balance, a reconciliation): 1900-01-01 to
 * 2199-12-31, the days the reports and budgets can name. Year 0000 is no day PostgreSQL stores, and
 * a booking in year 0001 or 9999 would be counted by no report.
 */
export const dayInput = z.iso
  // abort: a text that is no date is named once, not also as out of range.
  .date({ error: "must be a date (YYYY-MM-DD)", abort: true })
  .refine(isWithinDayRange, DAY_RANGE_MESSAGE);

/** A day that bounds a search (from, to): any day of the calendar from year 1 (0000 is none). */
export const dayBound = z.iso
  .date({ error: "must be a date (YYYY-MM-DD)", abort: true })
  .refine((value) => value >= "0001-01-01", "must be a day from 0001-01-01");

/** ISO 4217 code; the domain checks that the service knows it. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as EUR");

export const accentColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #2563eb")
  .transform((value) => value.toLowerCase());

export const name = (max: number) =>
  z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

/** Optional text: empty or missing is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional reference: missing is null (forms send null for "none"). */
export const optionalId = z
  .uuid()
  .nullish()
  .transform((value) => value ?? null);

export const order = z.number().int("must be a whole number").min(0).max(100_000);

export const pageInput = {
  page: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(1)
    .describe("One-based page number (default 1); a page past the end is empty."),
  limit: z.number().int().min(1).max(200).default(50).describe("Items per page, 1 to 200 (default 50)."),
};
