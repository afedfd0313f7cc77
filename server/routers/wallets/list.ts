import { z } from "zod";
import { pageRequest } from "../../domain/pagination";
import { listWallets, walletsByIds } from "../../domain/wallets/read-wallets";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMetaOf } from "../shared/list";
import { deletedRows, deltaAnswer, knowledgeBeforeRead, sinceInput, syncListMeta } from "../shared/sync";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";
import { queryBoolean } from "../shared/schemas";
import { walletResource } from "./schemas";

export const listWalletsProcedure = workspaceProcedure("wallets:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/wallets",
      operationId: "listWallets",
      tags: ["wallets"],
      summary: "List asset wallets (extension)",
      description:
        "Active asset wallets, and archived ones with include_archived=true; the same attributes as endpoint 10.",
    },
  })
  .input(
    z.object({
      ...listInput,
      include_archived: queryBoolean
        .default(false)
        .describe(
          "true: archived wallets too (with is_archived true); default false, active wallets only. A read with since has " +
            "every changed wallet, archived ones too.",
        ),
      ...sinceInput,
    }),
  )
  .output(
    reusedOutput(
      z.object({
        data: z.array(walletResource).describe("One page of wallets, by order, then name, then id."),
        deleted: deletedRows,
        meta: syncListMeta.describe("How to read the next page, and the token for since."),
      }),
    ),
  )
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    // include_archived=true says what a delta does anyway; false is its default.
    const delta = await deltaAnswer(context, "wallets", input, {}, async (ids) =>
      (await walletsByIds(context, ids)).map((item) => ({ type: "wallets" as const, ...item })),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "wallets");
    const request = pageRequest(input);
    const page = await listWallets(context, request, { includeArchived: input.include_archived });
    return reusedAnswer(
      page,
      () => ({
        data: page.items.map((item) => ({ type: "wallets" as const, ...item })),
        meta: { ...listMetaOf(request, page), server_knowledge },
      }),
      server_knowledge,
    );
  });
