import { z } from "zod";
import { DATE_FORMAT_TOKEN } from "../../domain/imports/parsers/csv/date-format";
import { normaliseEncodingLabel } from "../../domain/imports/parsers/csv/encoding";
import type { AmountSemantics, ColumnRoleOption, TableDelimiter } from "../../domain/imports/parsers/types";
import { userText } from "../shared/user-text";

/** The fields of the upload's `parse_options` object (parse-options-schemas.ts), one schema each. */

const AMOUNT_SEMANTICS = [
  "signed_debit_negative",
  "signed_debit_positive",
  "split_columns",
  "indicator_column",
] as const satisfies readonly AmountSemantics[];
export const amountSemanticsChoice = z
  .enum(AMOUNT_SEMANTICS)
  .describe(
    "How the file's amounts are signed: signed_debit_negative (one signed column, money out negative), signed_debit_positive " +
      "(one signed column, money out positive, as on card statements), split_columns (debit and credit columns: amount = " +
      "|credit| - |debit|), indicator_column (amounts with a debit/credit mark such as D/C, S/H, CR/DR).",
  );

/** A file holds a few accounts' statements; an account_map of more is a mistake. */
export const MAX_MAPPED_STATEMENTS = 50;

/** A full column mapping is about 300 bytes; far more is a mistake, not a statement's options. */
export const MAX_PARSE_OPTIONS_BYTES = 4096;

/** Excel's bounds (1,048,576 rows, 16,384 columns), which no CSV of 10 MiB needs to pass either. */
export const MAX_ROW = 1_048_576;
const MAX_COLUMN_INDEX = 16_383;

const DELIMITERS: ReadonlyMap<string, TableDelimiter> = new Map([
  [",", ","],
  [";", ";"],
  ["\t", "\t"],
  ["|", "|"],
  ["~", "~"],
  ["comma", ","],
  ["semicolon", ";"],
  ["tab", "\t"],
  ["pipe", "|"],
  ["tilde", "~"],
]);

const DATE_PARTS = { D: "day", M: "month", Y: "year" } as const;

export const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** What a person typed for a name: trimmed, not empty, without control characters. */
const nameText = (max: number, what: string) =>
  userText().trim().min(1, `must not be empty: give ${what}`).max(max, `must be at most ${max} characters`);

/** An object refusing keys it does not know; validationMessage names each such key in its path. */
export function closedObject<Shape extends z.ZodRawShape>(shape: Shape, noun: string) {
  const known = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === "invalid_type") return "must be a JSON object";
      if (issue.code === "unrecognized_keys") return `is not a ${noun} (the ${noun}s are ${known})`;
      return undefined;
    },
  });
}

const COLUMN_MESSAGE = `must be the column's header name (text) or its 0-based position (a whole number from 0 to ${MAX_COLUMN_INDEX})`;
const columnRef = z.union(
  [nameText(200, "the column's header name"), wholeNumber(0, MAX_COLUMN_INDEX, COLUMN_MESSAGE)],
  {
    error: COLUMN_MESSAGE,
  },
);

/** What each column role holds; the echo of a job's options describes its columns the same way. */
export const COLUMN_ROLE_DESCRIPTIONS = {
  date: "The booking date.",
  value_date: "The value date, when the file has a second date column.",
  amount: "The amount, in one signed column (or unsigned, with indicator).",
  debit: "The money-out column of a debit/credit pair (amount_semantics split_columns).",
  credit: "The money-in column of a debit/credit pair (amount_semantics split_columns).",
  indicator: "The column marking each amount as debit or credit (D/C, S/H, CR/DR; amount_semantics indicator_column).",
  description: "The booking text; several columns are joined in the order given.",
  counterparty: "Who paid or was paid.",
  reference: "The bank's own id of the row (the preview's external_id; an equal id on the account marks a duplicate).",
  balance: "The running balance after each row; its last value is the statement's closing balance.",
  currency: "The row's currency code.",
} as const satisfies Record<ColumnRoleOption, string>;

export const columns = closedObject(
  {
    date: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.date),
    value_date: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.value_date),
    amount: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.amount),
    debit: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.debit),
    credit: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.credit),
    indicator: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.indicator),
    description: z
      .union(
        [columnRef, z.array(columnRef).min(1, "must name at least one column").max(16, "may name at most 16 columns")],
        {
          error: `${COLUMN_MESSAGE}, or a list of those`,
        },
      )
      .optional()
      .describe(`${COLUMN_ROLE_DESCRIPTIONS.description} At most 16 columns.`),
    counterparty: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.counterparty),
    reference: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.reference),
    balance: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.balance),
    currency: columnRef.optional().describe(COLUMN_ROLE_DESCRIPTIONS.currency),
  } satisfies Record<ColumnRoleOption, z.ZodType>,
  "column role",
).meta({
  description: "Column role -> the column's header name or 0-based position; `description` may list several columns.",
});

export const encoding = nameText(64, "an encoding label such as windows-1252")
  .transform((label, ctx) => {
    const name = normaliseEncodingLabel(label);
    if (name !== null) return name;
    ctx.addIssue({
      code: "custom",
      message: "is not a character encoding this service reads (e.g. utf-8, windows-1252, iso-8859-2, utf-16le)",
      input: label,
    });
    return z.NEVER;
  })
  .meta({
    description: "A character encoding label (WHATWG Encoding names), for text files.",
    example: "windows-1252",
  });

export const delimiter = z
  .string({ error: "must be text" })
  .max(16)
  .transform((value, ctx) => {
    const found = DELIMITERS.get(value) ?? DELIMITERS.get(value.toLowerCase());
    if (found) return found;
    ctx.addIssue({
      code: "custom",
      message: 'must be ",", ";", "|", "~", a tab ("\\t"), or one of the words comma, semicolon, pipe, tilde, tab',
      input: value,
    });
    return z.NEVER;
  })
  .meta({
    description:
      'The CSV column separator: ",", ";", "|", "~", a tab, or the words comma, semicolon, pipe, tilde, tab.',
    example: ";",
  });

/** Why a date format cannot be read, or null: it must name the day, the month and the year once each. */
export function dateFormatProblem(format: string): string | null {
  const counts = { day: 0, month: 0, year: 0 };
  for (const [token] of format.matchAll(DATE_FORMAT_TOKEN))
    counts[DATE_PARTS[token[0] as keyof typeof DATE_PARTS]] += 1;
  const wrong = (Object.keys(counts) as Array<keyof typeof counts>).filter((part) => counts[part] !== 1);
  if (wrong.length === 0) return null;
  return `must hold a day (DD or D), a month (MM, M or MMM) and a year (YYYY or YY) once each, other characters as they are printed, e.g. DD.MM.YYYY (${wrong.map((part) => `${part}: ${counts[part]}`).join(", ")})`;
}

export const dateFormat = userText()
  .max(32, "must be at most 32 characters")
  .superRefine((format, ctx) => {
    const problem = dateFormatProblem(format);
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: format });
  })
  .meta({
    description: "Tokens DD D MM M MMM YYYY YY; every other character is printed as it is.",
    example: "DD.MM.YYYY",
  });

const ACCOUNT_MAP_KEY_MESSAGE =
  "has a key that is not a statement's account: name each statement as the import's statements list names it (1 to 200 characters)";

/** parse_options.account_map: a statement's account -> an account id (lower-cased) or null. */
export const accountMap = z.preprocess(
  (value, ctx) => {
    // JSON.parse keeps "__proto__" as a key, which an object built from it would take for its prototype: refused by name.
    if (value !== null && typeof value === "object" && Object.hasOwn(value, "__proto__"))
      ctx.addIssue({ code: "custom", message: ACCOUNT_MAP_KEY_MESSAGE, input: value });
    return value;
  },
  z.record(
    userText().trim().min(1).max(200),
    z
      .uuid({ error: "must be an account id (UUID), or null to leave the statement out" })
      .transform((id) => id.toLowerCase())
      .nullable(),
    {
      error: (issue) =>
        issue.code === "invalid_type"
          ? "must be a JSON object: a statement's account -> an account id or null"
          : issue.code === "invalid_key"
            ? ACCOUNT_MAP_KEY_MESSAGE
            : undefined,
    },
  ),
);
