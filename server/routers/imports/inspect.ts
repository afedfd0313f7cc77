import { z } from "zod";
import { STATEMENT_FILE_TYPES } from "../../domain/imports/parsers/types";
import { inspectImport } from "../../domain/imports/reparse-import";
import { consume, getRateLimiters } from "../../rate-limit";
import { dashboardAuthenticated, inputChecked } from "../../trpc/builders";
import { importAccount } from "../../domain/imports/import-target";
import { inspectStatementFile } from "../../domain/imports/inspect-file";
import { uploadedStatement } from "../../domain/imports/read-upload";
import { currencyById } from "../../domain/money/currencies";
import { parseOptionsObject, toParseOptions } from "./parse-options-schemas";
import { previewRow } from "./preview-schemas";
import { jobParseOptions } from "./schemas";
import { readingOf, statementUploadInput } from "./upload-schemas";
import { day } from "../shared/fields";

/** How a file was read (given or detected), as an import job echoes it; the sign convention stands beside it. */
const readingUsed = jobParseOptions
  .omit({ amount_semantics_required: true, account_map_required: true })
  .partial({ amount_semantics: true });

/** What inspect-file.ts answers: the file's first rows, and its first transactions as read with the options. */
const fileInspection = z.object({
  file_type: z.enum(STATEMENT_FILE_TYPES),
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
    previewRow
      .pick({ row: true, date: true, amount: true, description: true, counterparty: true })
      .extend({ location: z.string(), value_date: day.nullable(), currency_code: z.string().nullable() }),
  ),
  error: z.string().nullable(),
});

/** The editor's looks at a file spend their own budget per session, before the file is read. */
const inspection = dashboardAuthenticated
  .use(async ({ ctx, next }) => {
    await consume(getRateLimiters().inspections, `session:${ctx.caller.sessionId}`);
    return next();
  })
  .use(inputChecked);

/** The kept file of an import not yet confirmed, read with other options without changing the import. */
export const inspectImportProcedure = inspection
  .input(z.object({ id: z.uuid(), parse_options: parseOptionsObject.optional() }))
  .output(z.object({ data: fileInspection }))
  .query(async ({ ctx, input }) => ({
    data: await inspectImport(
      { db: ctx.db, workspace: ctx.caller.workspace },
      input.id,
      toParseOptions(input.parse_options ?? {}),
    ),
  }));

/**
 * A file the service could not read, still in the browser: its first rows and first transactions
 * with the options sent (the upload's fields; account_id for the currency of files that do not
 * say theirs); 200, nothing stored. Multipart, at /api/dashboard/imports/inspect.
 */
export const inspectFileProcedure = inspection
  .input(statementUploadInput)
  .output(z.object({ data: fileInspection }))
  .mutation(async ({ ctx, input }) => {
    const { options, amountSemantics } = readingOf(input);
    const account = await importAccount(ctx.db, ctx.caller.workspace.id, input.account_id);
    const currency = await currencyById(ctx.db, account.currencyId);
    const file = await uploadedStatement(input.file);
    const reading = { ...toParseOptions(options), amountSemantics, defaultCurrencyCode: currency.code.trim() };
    return { data: await inspectStatementFile(file.bytes, file.name, reading) };
  });
