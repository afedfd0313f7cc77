import { z } from "zod";
import { inspectImport as inspectWorkspaceImport } from "../../../domain/imports/reparse-import";
import { consume, getRateLimiters } from "../../../rate-limit";
import { sessionProcedure } from "../../../trpc";
import { parseOptionsObject, toParseOptions } from "../../programmatic/imports/parse-options-schema";

const columnRef = z.union([z.string(), z.number().int()]);

/** How a file was read (given or detected), under the API's `parse_options` names. */
const readingUsed = z.object({
  encoding: z.string().optional(),
  delimiter: z.string().optional(),
  header_row: z.number().int().nullable().optional(),
  skip_rows: z.number().int().optional(),
  date_format: z.string().nullable().optional(),
  decimal_separator: z.enum([".", ","]).nullable().optional(),
  columns: z.record(z.string(), z.union([columnRef, z.array(columnRef)])).optional(),
  sheet: z.string().optional(),
  amount_semantics: z.string().nullable().optional(),
});

/** What inspect-file.ts answers: the file's first rows, and its first transactions as read with the options. */
export const fileInspection = z.object({
  file_type: z.string(),
  head: z
    .object({
      rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
      column_count: z.number().int(),
      sheets: z.array(z.string()).optional(),
      sheet: z.string().optional(),
    })
    .nullable(),
  parse_options: readingUsed,
  amount_semantics_required: z.boolean(),
  warnings: z.array(z.string()),
  transaction_count: z.number().int(),
  transactions: z.array(
    z.object({
      row: z.number().int(),
      location: z.string(),
      date: z.string(),
      value_date: z.string().nullable(),
      amount: z.string(),
      currency_code: z.string().nullable(),
      description: z.string(),
      counterparty: z.string().nullable(),
    }),
  ),
  error: z.string().nullable(),
});

/** The kept file of an import not yet confirmed, read with other options without changing the import. */
export const inspectImport = sessionProcedure
  .input(z.object({ id: z.uuid(), parse_options: parseOptionsObject.optional() }))
  .output(z.object({ data: fileInspection }))
  .query(async ({ ctx, input }) => {
    await consume(getRateLimiters().inspections, `session:${ctx.caller.sessionId}`);
    return { data: await inspectWorkspaceImport(ctx.db.prisma, ctx.caller.workspace, input.id, toParseOptions(input.parse_options ?? {})) };
  });
