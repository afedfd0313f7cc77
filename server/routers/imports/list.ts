import { z } from "zod";
import { listImports } from "../../domain/imports/list-imports";
import { paginationConflict } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { keysetListMeta, listInput, listMeta } from "../shared/list";
import { resource, timestamp } from "../shared/schemas";
import { importJobAttributes } from "./schemas";

/** An import as a list shows it: the job's figures without its preview. */
const importSummary = importJobAttributes
  .pick({
    file_name: true,
    file_type: true,
    account_id: true,
    status: true,
    total_rows: true,
    imported_count: true,
    skipped_count: true,
    error_count: true,
    created_at: true,
  })
  .extend({
    account_name: z
      .string()
      .describe("The account's name: the wallet's, with \" (CODE)\" when the wallet holds several currencies."),
    completed_at: timestamp
      .nullable()
      .meta({ description: "When the rows were booked; null until the import completes." }),
  })
  .describe("The job's figures, without its preview.");

const importJobSummary = resource("import_jobs", importSummary).meta({
  id: "ImportJobSummary",
  description:
    "A statement import as the list shows it: its figures without the preview (GET /imports/{id} has the rest).",
});

export const listImportsProcedure = workspaceProcedure("imports:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/imports",
      operationId: "listImports",
      tags: ["imports"],
      summary: "List statement imports (extension)",
      description:
        "The workspace's imports, newest first (created_at, then id), without their previews, optionally of one status or " +
        "one account; page mode (with the total) or cursor mode (next_cursor, tied to the filters). Read one with its " +
        "preview at GET /imports/{id}.",
    },
  })
  .input(
    z.object({
      ...listInput,
      status: importJobAttributes.shape.status.meta({ description: "Only imports in this status." }).optional(),
      account_id: z
        .uuid()
        .meta({
          description:
            "Only imports into this account, and imports of files of several accounts one of whose statements went to it.",
        })
        .optional(),
    }),
  )
  .output(
    z.object({
      data: z.array(importJobSummary).describe("One page of imports, newest first."),
      meta: listMeta.describe("Where this page is in the list, and the cursor of the next one."),
    }),
  )
  .query(async ({ ctx, input }) => {
    if (input.page !== undefined && input.cursor !== undefined) throw paginationConflict();
    const { limit, cursor } = input;
    const page = input.page ?? 1;
    const query = { page, cursor, limit, status: input.status, accountId: input.account_id };
    const { items, total, nextCursor } = await listImports({ db: ctx.db, workspace: ctx.caller.workspace }, query);
    return {
      data: items.map(({ id, ...attributes }) => ({ type: "import_jobs" as const, id, attributes })),
      meta: keysetListMeta(query, { total, nextCursor }),
    };
  });
