import { z } from "zod";
import type { ParseOptions } from "../../domain/imports/parsers/types";
import { definedOnly } from "../../domain/defined-only";
import { findInputProblem, LONE_SURROGATE_MESSAGE, userText } from "../shared/user-text";
import {
  accountMap,
  amountSemanticsChoice,
  closedObject,
  columns,
  dateFormat,
  delimiter,
  encoding,
  MAX_MAPPED_STATEMENTS,
  MAX_PARSE_OPTIONS_BYTES,
  MAX_ROW,
  wholeNumber,
} from "./parse-option-fields";

/**
 * The upload's `parse_options` field: a JSON object saying how to read the file, each option
 * winning over what the parser would detect (docs/api.md "Statement imports").
 */

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
    accept_other_account: z.boolean({ error: "must be true or false" }).optional().meta({
      description:
        "true: read a statement naming another account (IBAN or number) into this one anyway; default false refuses it.",
    }),
    account_map: accountMap
      .refine((map) => Object.keys(map).length <= MAX_MAPPED_STATEMENTS, {
        message: `may name at most ${MAX_MAPPED_STATEMENTS} statements`,
      })
      .optional()
      .meta({
        description:
          "Files of several accounts: each statement's account as the import's `statements` list names it -> the account " +
          "id its rows go to, or null to leave it out. Unnamed ones go to the account with their IBAN or number, else are left out.",
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
      ctx.addIssue({ code: "custom", path: problem.path, message, input: text });
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
