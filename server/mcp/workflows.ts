/**
 * Workflow tools: one tool for a task that takes several operations, where an assistant would
 * otherwise chain tools and read answers too large for it. Each runs the generated tools (so the
 * same procedures, scopes, idempotency and checks), and answers a summary a model can read whole.
 *
 * import_statement: upload a statement and see its preview summarised (nothing is booked: the dry
 * run), then confirm it in a second call with the import's id. The upload's own answer holds up to
 * 1,000 preview rows (some 180 KB for a 300-row statement); this one holds the counts, the totals
 * and the rows worth a look.
 */
import Decimal from "decimal.js";
import { z } from "zod";
import { AppError } from "../errors";
import { ERROR_BODY } from "./errors";
import type { importJobResource } from "../routers/imports/schemas";
import type { ToolDefinition } from "./tools";

/** Runs a generated tool by name as this call's credential: its answer, or the refusal it throws. */
type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

export type Workflow = (run: RunTool, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Rows of each kind the summary shows: the first of the file, and the first that need a look. */
const SAMPLE_ROWS = 10;

type ImportJob = z.output<typeof importJobResource>;
type JobAttributes = ImportJob["attributes"];
type PreviewRow = JobAttributes["preview"][number];

/** An import tool's answer: the job. */
const jobOf = (answer: unknown) => (answer as { data: ImportJob }).data;

/** A preview row as the summary shows it: where it is in the file, what it says, and its state. */
const rowOf = (row: PreviewRow) => ({
  row: row.row,
  date: row.date,
  amount: row.amount,
  description: row.description,
  state: row.state,
});

/** Why a row is not simply booked, in words. */
function whyOf(row: PreviewRow): string | null {
  if (row.state === "duplicate") return row.duplicate_reason;
  if (row.state === "pre_opening")
    return "dated before the account's opening balance: booked all the same, and the opening balance moves (see opening_balance_adjusted)";
  return row.problems.join("; ") || null;
}

/** Money in and out of the rows in state new, per currency, with the places its amounts have. */
function newRowTotals(rows: PreviewRow[]) {
  const totals = new Map<string, { money_in: Decimal; money_out: Decimal; rows: number; places: number }>();
  for (const row of rows) {
    if (row.state !== "new" || typeof row.amount !== "string") continue;
    const code = String(row.currency_code ?? "");
    const total = totals.get(code) ?? { money_in: new Decimal(0), money_out: new Decimal(0), rows: 0, places: 0 };
    const amount = new Decimal(row.amount);
    if (amount.isNegative()) total.money_out = total.money_out.plus(amount);
    else total.money_in = total.money_in.plus(amount);
    total.rows += 1;
    total.places = Math.max(total.places, row.amount.split(".")[1]?.length ?? 0);
    totals.set(code, total);
  }
  return [...totals].map(([currency_code, total]) => ({
    currency_code,
    rows: total.rows,
    money_in: total.money_in.toFixed(total.places),
    money_out: total.money_out.toFixed(total.places),
  }));
}

/** What to do next, in the tool's own words, by the import's status. */
function nextStep(attributes: JobAttributes): string {
  const counts = attributes.preview_counts;
  switch (attributes.status) {
    case "parsed": {
      const bookable = counts.new + counts.pre_opening;
      const early = counts.pre_opening > 0 ? `, ${counts.pre_opening} of them dated before the opening balance` : "";
      if (bookable === 0)
        return (
          "Nothing is booked yet, and nothing is new: every row is a duplicate of a booked one or invalid. " +
          "Confirming with skip_duplicates false books the duplicates anyway; discard_import drops the import."
        );
      return (
        `Nothing is booked yet. To book the ${bookable} rows${early} (duplicates left out), call import_statement ` +
        "with this import_id, confirm: true and an idempotency_key. If the rows look wrong (dates, signs, columns), " +
        "read it again with reparse_import and parse_options, or drop it with discard_import."
      );
    }
    case "needs_input":
      return attributes.parse_options.account_map_required
        ? "The file holds statements of several accounts and none matched one: call reparse_import with parse_options.account_map (see statements)."
        : "The file does not say how its amounts are signed: call reparse_import with parse_options.amount_semantics.";
    case "queued":
    case "processing":
      return "Confirmed: the rows are being booked. Call import_statement with this import_id alone (which needs imports:read) to see it completed.";
    case "completed":
      return `Booked ${attributes.imported_count} transactions. revert_import undoes the whole import.`;
    case "failed":
      return `The import failed: ${attributes.error_message ?? "see error_message"}.`;
    default:
      return `The import is ${attributes.status}.`;
  }
}

/** An import job's answer as the summary a model reads. */
function importSummary(job: ImportJob) {
  const attributes = job.attributes;
  const rows = attributes.preview;
  const dates = rows.flatMap((row) => (row.date ? [row.date] : [])).sort();
  return {
    import_id: job.id,
    status: attributes.status,
    file_name: attributes.file_name,
    file_type: attributes.file_type,
    bank_name: attributes.bank_name,
    account_id: attributes.account_id,
    total_rows: attributes.total_rows,
    counts: attributes.preview_counts,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    new_row_totals: newRowTotals(rows),
    totals_cover_rows: rows.length,
    // The answer holds the preview's first page: past it the totals are of those rows only.
    totals_complete: rows.length >= attributes.preview_total,
    imported_count: attributes.imported_count,
    amount_semantics: attributes.parse_options.amount_semantics,
    warnings: attributes.warnings,
    error_message: attributes.error_message,
    first_rows: rows
      .slice(0, SAMPLE_ROWS)
      .map((row) => ({ ...rowOf(row), currency_code: row.currency_code, category_id: row.category_id })),
    rows_to_check: rows
      .filter((row) => row.state !== "new")
      .slice(0, SAMPLE_ROWS)
      .map((row) => ({ ...rowOf(row), why: whyOf(row) })),
    next_step: nextStep(attributes),
  };
}

/** import_statement's steps; `uploadArguments` are create_import's (an upload's, never beside import_id). */
const importStatement =
  (uploadArguments: readonly string[]): Workflow =>
  async (run, args) => {
    const { import_id: importId, confirm, skip_duplicates: skipDuplicates, idempotency_key: key, ...upload } = args;
    if (importId === undefined) {
      if (confirm !== undefined || skipDuplicates !== undefined)
        throw invalid(
          "import_id",
          "is required with confirm and skip_duplicates: upload first, then confirm by the id",
        );
      if (!uploadArguments.some((name) => upload[name] !== undefined))
        throw invalid(
          "file_name",
          "send a file (file_name with file_text or file_base64, and account_id) to upload, or import_id to see or confirm an import",
        );
      return importSummary(jobOf(await run("create_import", { ...upload, idempotency_key: key })));
    }
    if (!z.uuid().safeParse(importId).success) throw invalid("import_id", "must be an import's id (a UUID)");
    const [extra] = Object.keys(upload);
    if (extra !== undefined)
      throw invalid(
        extra,
        uploadArguments.includes(extra)
          ? "is an upload's argument: send import_id alone to see or confirm an import"
          : "is not an argument of import_statement",
      );
    if (confirm !== undefined && typeof confirm !== "boolean") throw invalid("confirm", "must be true or false");
    if (confirm !== true && skipDuplicates !== undefined) throw invalid("skip_duplicates", "goes with confirm: true");
    if (confirm === true) {
      const confirmed = await run("confirm_import", {
        id: importId,
        idempotency_key: key,
        ...(skipDuplicates === undefined ? {} : { skip_duplicates: skipDuplicates }),
      });
      return importSummary(jobOf(confirmed));
    }
    return importSummary(jobOf(await run("get_import", { id: importId })));
  };

const invalid = (argument: string, message: string) =>
  new AppError("VALIDATION_FAILED", `Validation failed: ${argument}: ${message}`);

/** The summary's top level (the rows' fields are importSummary's; tools/list carries no more). */
const SUMMARY_SCHEMA = {
  type: "object",
  properties: {
    import_id: { type: "string" },
    status: { type: "string" },
    total_rows: { type: "integer" },
    counts: { type: "object" },
    first_rows: { type: "array" },
    rows_to_check: { type: "array" },
    next_step: { type: "string" },
  },
  required: ["import_id", "status", "total_rows", "counts", "next_step"],
};

/**
 * The workflow tools, made from the generated ones they run (their arguments are those tools'
 * arguments, so a change to the upload changes both).
 */
export function workflowTools(generated: ToolDefinition[]): ToolDefinition[] {
  const upload = generated.find((tool) => tool.name === "create_import");
  if (!upload) throw new Error("import_statement runs create_import, which is not a tool");
  const {
    idempotency_key: key,
    parse_options: options,
    ...uploadArguments
  } = structuredClone(upload.inputSchema.properties) as Record<string, Record<string, unknown>>;
  return [
    {
      ...upload,
      name: "import_statement",
      title: "Import a bank statement (preview, then confirm)",
      description:
        "A bank statement in two calls. 1: the file (file_name with file_text or file_base64), account_id and an " +
        "idempotency_key: reads it and books nothing; answers rows per state (new, duplicate, invalid), money in and " +
        "out of the new rows, the first rows and those worth a look. 2: import_id, confirm true and an idempotency_key " +
        "books the new rows. import_id alone: the import's state. Amounts are decimal strings; money out is negative.",
      inputSchema: {
        type: "object",
        properties: {
          ...uploadArguments,
          parse_options: {
            ...options,
            description: "How to read the file, as JSON text (delimiter, date_format, columns, ...).",
          },
          import_id: {
            type: "string",
            format: "uuid",
            description: "The import the first call answered: with confirm true, book it; alone, see it.",
          },
          confirm: {
            type: "boolean",
            description: "true with import_id: book the import's new rows. Never with a file.",
          },
          skip_duplicates: {
            type: "boolean",
            description: "With confirm: leave out the rows in state duplicate (default true); false books them too.",
          },
          idempotency_key: {
            ...key,
            description: "Your key for the upload or the confirmation (e.g. a UUID); the same key retries it safely.",
          },
        },
      },
      outputSchema: { type: "object", anyOf: [SUMMARY_SCHEMA, ERROR_BODY] },
      procedure: null,
      input: null,
      fileFields: [],
      itemFields: null,
      dryRunByDefault: false,
      workflow: importStatement(
        Object.keys(upload.inputSchema.properties).filter((name) => name !== "idempotency_key"),
      ),
    },
  ];
}
