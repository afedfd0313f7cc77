import { z } from "zod";
import { DATE_FORMAT_TOKEN } from "../../domain/imports/parsers/csv/date-format";
import { normaliseEncodingLabel } from "../../domain/imports/parsers/csv/encoding";
import type {
  AmountSemantics,
  ColumnRoleOption,
  ParseOptions,
  TableDelimiter,
} from "../../domain/imports/parsers/types";
import { definedOnly } from "../../domain/defined-only";
import { findInputProblem, LONE_SURROGATE_MESSAGE, userText } from "../shared/user-text";

/**
 * The upload's `parse_options` field: a JSON object saying how to read the file, each option
 * winning over what the parser would detect (docs/api.md "Statement imports").
 */

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
const MAX_MAPPED_STATEMENTS = 50;

/** A full column mapping is about 300 bytes; far more is a mistake, not a statement's options. */
export const MAX_PARSE_OPTIONS_BYTES = 4096;

/** Excel's bounds (1,048,576 rows, 16,384 columns), which no CSV of 10 MiB needs to pass either. */
const MAX_ROW = 1_048_576;
const MAX_COLUMN_INDEX = 16_383;

const DELIMITERS: ReadonlyMap<string, TableDelimiter> = new Map([
  [",", ","],
  [";", ";"],
  ["\t", "\t"],
  ["|", "|"],
  ["comma", ","],
  ["semicolon", ";"],
  ["tab", "\t"],
  ["pipe", "|"],
]);

const DATE_PARTS = { D: "day", M: "month", Y: "year" } as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** What a person typed for a name: trimmed, not empty, without control characters. */
const nameText = (max: number, what: string) =>
  userText().trim().min(1, `must not be empty: give ${what}`).max(max, `must be at most ${max} characters`);

/** An object refusing keys it does not know; validationMessage names each such key in its path. */
function closedObject<Shape extends z.ZodRawShape>(shape: Shape, noun: string) {
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

const columns = closedObject(
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

const encoding = nameText(64, "an encoding label such as windows-1252")
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

const delimiter = z
  .string({ error: "must be text" })
  .max(16)
  .transform((value, ctx) => {
    const found = DELIMITERS.get(value) ?? DELIMITERS.get(value.toLowerCase());
    if (found) return found;
    ctx.addIssue({
      code: "custom",
      message: 'must be ",", ";", "|", a tab ("\\t"), or one of the words comma, semicolon, pipe, tab',
      input: value,
    });
    return z.NEVER;
  })
  .meta({
    description: 'The CSV column separator: ",", ";", "|", a tab, or the words comma, semicolon, pipe, tab.',
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

const dateFormat = userText()
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
const accountMap = z.preprocess(
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

/** The `parse_options` object, its keys as the API names them. */
export const parseOptionsObject = closedObject(
  {
    encoding: encoding.optional(),
    delimiter: delimiter.optional(),
    header_row: wholeNumber(
      1,
      MAX_ROW,
      `must be a whole number from 1 (the first row) to ${MAX_ROW}, or null when the table has no header row`,
    )
      .nullable()
      .optional()
      .meta({
        description:
          "The 1-based row of the file (or sheet) holding the column names; null: the table has no header row.",
      }),
    skip_rows: wholeNumber(0, MAX_ROW, `must be a whole number from 0 to ${MAX_ROW}`)
      .optional()
      .meta({ description: "Rows at the top that are not part of the table." }),
    date_format: dateFormat.optional(),
    decimal_separator: z
      .enum([".", ","], { error: 'must be "." or ","' })
      .optional()
      .meta({ description: "The character between whole units and the fraction." }),
    amount_semantics: amountSemanticsChoice.optional(),
    columns: columns.optional(),
    sheet: z
      .union(
        [
          userText().min(1, "must not be empty").max(31, "must be at most 31 characters"),
          wholeNumber(0, 9_999, "must be a sheet's name or its 0-based position"),
        ],
        {
          error: "must be a sheet's name (text) or its 0-based position (a whole number from 0)",
        },
      )
      .optional()
      .meta({ description: "Excel: the sheet's name, or its 0-based position in the workbook." }),
    accept_other_account: z
      .boolean({ error: "must be true or false" })
      .optional()
      .meta({
        description:
          "true: read a statement that names another account than the import's (its IBAN or number differ) into this " +
          "account anyway; the job records it (parse_options.other_account). Default false: such a statement is refused.",
      }),
    account_map: accountMap
      .refine((map) => Object.keys(map).length <= MAX_MAPPED_STATEMENTS, {
        message: `may name at most ${MAX_MAPPED_STATEMENTS} statements`,
      })
      .optional()
      .meta({
        description:
          "Files of several accounts (MT940, OFX, CAMT, QIF): each statement's account as the import's `statements` list " +
          'names it (its IBAN or number, else its name, else "statement N") -> the id of the account its rows go to, or ' +
          "null to leave it out. Statements not named go to the import's account when they name it, else to the one " +
          "account of the workspace with their IBAN or number, else are left out (with a warning).",
        example: { DE89370400440532013000: "6f1c2b1e-8a0d-4a8e-9f3b-2b1f0c1d2e3f", NL91ABNA0417164300: null },
      }),
  },
  "parse option",
).meta({
  description:
    "How to read a statement file; each option given wins over detection. Sent as the JSON text of the upload's `parse_options` field.",
  example: {
    delimiter: ";",
    date_format: "DD.MM.YYYY",
    decimal_separator: ",",
    columns: { date: "Col A", description: "Col B", amount: "Col C" },
  },
});

export type ParseOptionsInput = z.output<typeof parseOptionsObject>;

/** The form field: JSON text of at most 4 KiB holding the object above. */
export const parseOptionsText = z
  .string()
  .refine((text) => Buffer.byteLength(text, "utf8") <= MAX_PARSE_OPTIONS_BYTES, {
    message: `must be at most ${MAX_PARSE_OPTIONS_BYTES} bytes of JSON`,
    abort: true,
  })
  .transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // Show what arrived: curl's -F cuts a value at ";" (use --form-string), a form sends "[object Object]".
      const received = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text).replace(/\p{Cc}/gu, "?");
      const where = /position (\d+)/.exec((error as Error).message)?.[1];
      ctx.addIssue({
        code: "custom",
        message: `is not valid JSON${where ? ` (at character ${Number(where) + 1})` : ""}: received ${received}; send a JSON object such as {"delimiter": ";"} (with curl, --form-string, as -F cuts a value at ";")`,
        input: text,
      });
      return z.NEVER;
    }
    const problem = findInputProblem(value);
    if (problem) {
      const message =
        problem.problem === "too_deep"
          ? "is nested too deeply"
          : problem.problem === "lone_surrogate"
            ? LONE_SURROGATE_MESSAGE
            : "must not contain control characters (such as NUL)";
      ctx.addIssue({ code: "custom", path: problem.path ? problem.path.split(".") : [], message, input: text });
      return z.NEVER;
    }
    return value;
  })
  .pipe(parseOptionsObject);

/** The API's options as the parsers take them (`columns` keeps the API's role names). */
export function toParseOptions(options: ParseOptionsInput): ParseOptions {
  const mapped: ParseOptions = {
    amountSemantics: options.amount_semantics,
    encoding: options.encoding,
    delimiter: options.delimiter,
    headerRow: options.header_row,
    skipRows: options.skip_rows,
    dateFormat: options.date_format,
    decimalSeparator: options.decimal_separator,
    columns: options.columns,
    sheet: options.sheet,
  };
  return definedOnly(mapped);
}

/** The upload's parse_options as a client writes them (the schema's input side: "tab" as well as a tab character), as JSON Schema. */
export function parseOptionsJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(parseOptionsObject, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return schema;
}
