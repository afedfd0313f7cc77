import { z } from "zod";
import { templatesByIds, templatesPage } from "../../domain/templates/list-templates";
import { workspaceProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";
import { pageMetaOf, pageModeQuery } from "../shared/schemas";
import {
  deletedRows,
  deltaCursorInput,
  knowledgeBeforeRead,
  pageModeDeltaAnswer,
  sinceInput,
  syncListMeta,
  syncPageMeta,
} from "../shared/sync";
import { templateSchema } from "./schemas";

/** The templates a script keeps a copy of: page by page, or what changed since. */
export const listTemplatesPagedProcedure = workspaceProcedure("transactions:read", ["transaction_templates:create"])
  .meta({
    tool: "list_transaction_templates",
    errors: ["SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/transaction-templates",
      operationId: "listTransactionTemplates",
      tags: ["transaction-templates"],
      summary: "List transaction templates (extension)",
      description:
        "The workspace's templates as endpoint 2 answers them, newest first; page mode, or since (a previous answer's " +
        "meta.server_knowledge) for what changed after it. transactions:read or transaction_templates:create.",
    },
  })
  .input(pageModeQuery({ ...sinceInput, ...deltaCursorInput }))
  .output(
    z.object({
      data: z.array(templateSchema).describe("One page of templates, newest first (with since: oldest change first)."),
      deleted: deletedRows,
      meta: z
        .union([syncPageMeta, syncListMeta])
        .describe("Where this page is in the list (a read with since: SyncListMeta), and the token for since."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const context = callerContext(ctx);
    const delta = await pageModeDeltaAnswer(context, "transaction_templates", input, {}, (ids) =>
      templatesByIds(context, ids),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "transaction_templates");
    const { items, total } = await templatesPage(context, input.page, input.limit);
    return { data: items, meta: { ...pageMetaOf(input.page, input.limit, total), server_knowledge } };
  });
