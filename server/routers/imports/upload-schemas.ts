import { z } from "zod";
import { amountSemanticsChoice, MAX_PARSE_OPTIONS_BYTES } from "./parse-option-fields";
import { parseOptionsText, type ParseOptionsInput } from "./parse-options-schemas";

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 255;

/** The statement file: a multipart part on REST, a name with text or base64 on MCP (server/mcp/tools.ts). */
const statementFile = z
  .file({ error: (issue) => (issue.input === undefined ? "the statement file is required" : "must be a file") })
  .max(MAX_STATEMENT_BYTES, `must be at most ${MAX_STATEMENT_BYTES / 1024 / 1024} MiB`)
  .refine(
    (file) => file.name.length <= MAX_FILE_NAME_LENGTH,
    `its name must be at most ${MAX_FILE_NAME_LENGTH} characters`,
  )
  .meta({
    description: "The statement: CSV, Excel (.xlsx/.xls), OFX, QFX, MT940, CAMT.052/053/054 or QIF, at most 10 MiB.",
  });

/** Where the OpenAPI document describes the parse options (the MCP tool inlines that schema). */
export const PARSE_OPTIONS_REF = "#/components/schemas/ParseOptions";

/** The fields of an upload, besides the file. */
const uploadFields = {
  account_id: z.uuid().meta({ description: "The account the statement belongs to." }),
  amount_semantics: amountSemanticsChoice
    .optional()
    .meta({ description: "How the file's amounts are signed; the same as parse_options.amount_semantics." }),
  parse_options: parseOptionsText.optional().meta({
    contentMediaType: "application/json",
    contentSchema: { $ref: PARSE_OPTIONS_REF },
    description:
      "JSON text of a ParseOptions object: how to read the file; each option given wins over detection. At most " +
      `${MAX_PARSE_OPTIONS_BYTES / 1024} KiB; unknown keys, wrong types or invalid JSON are 400 naming the option.`,
    example: JSON.stringify({
      delimiter: ";",
      date_format: "DD.MM.YYYY",
      decimal_separator: ",",
      columns: { date: "Col A", description: "Col B", amount: "Col C" },
    }),
  }),
};

export type UploadFields = {
  amount_semantics?: z.infer<typeof amountSemanticsChoice>;
  parse_options?: ParseOptionsInput;
};

/** The sign convention may come in either place, but not as two different values. */
function refineSemantics(
  { amount_semantics: field, parse_options: options }: UploadFields,
  ctx: z.RefinementCtx,
): void {
  const option = options?.amount_semantics;
  if (field && option && field !== option) {
    const message = `is ${option} but the amount_semantics field is ${field}: send one of them, or the same value in both`;
    ctx.addIssue({ code: "custom", path: ["parse_options", "amount_semantics"], message, input: option });
  }
}

/** An upload's fields and its file; the dashboard's look at a file not uploaded yet takes the same. */
export const statementUploadInput = z.object({ ...uploadFields, file: statementFile }).superRefine(refineSemantics);

/** What the upload says about reading its file: its options, and the sign convention from either place. */
export function readingOf({ amount_semantics: field, parse_options: options = {} }: UploadFields) {
  return { options, amountSemantics: field ?? options.amount_semantics };
}
