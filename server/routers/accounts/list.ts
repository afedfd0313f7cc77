import { z } from "zod";
import { accountsByIds, listAccounts, type AccountView } from "../../domain/accounts/list-accounts";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMetaOf } from "../shared/list";
import { deletedRows, deltaAnswer, knowledgeBeforeRead, sinceInput, syncListMeta } from "../shared/sync";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";
import { accountResource } from "./schemas";

export const listAccountsProcedure = workspaceProcedure("transactions:read", ["accounts:read"])
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/accounts",
      operationId: "listAccounts",
      tags: ["accounts"],
      summary: "List transaction accounts (endpoint 13)",
      description:
        "Active asset accounts (one per currency of each wallet) with balances as of today in the workspace timezone.",
    },
  })
  .input(z.object({ ...listInput, ...sinceInput }))
  .output(
    reusedOutput(
      z.object({
        data: z.array(accountResource).describe("One page of accounts, by order, then the wallet's name, then id."),
        deleted: deletedRows,
        meta: syncListMeta.describe("How to read the next page, and the token for since."),
      }),
    ),
  )
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    const toResource = (item: AccountView) => ({ type: "accounts" as const, id: item.id, attributes: item.attributes });
    const delta = await deltaAnswer(context, "accounts", input, {}, async (ids) =>
      (await accountsByIds(context, ids)).map(toResource),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "accounts");
    const request = pageRequest(input);
    const page = await listAccounts(context, request);
    return reusedAnswer(
      page,
      () => ({ data: page.items.map(toResource), meta: { ...listMetaOf(request, page), server_knowledge } }),
      server_knowledge,
    );
  });
