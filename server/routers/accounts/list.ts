import { z } from "zod";
import { listAccounts } from "../../domain/accounts/list-accounts";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMeta, listMetaOf } from "../shared/list";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";
import { accountResource } from "./schemas";

export const listAccountsProcedure = workspaceProcedure("transactions:read", ["accounts:read"])
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT"],
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
  .input(z.object(listInput))
  .output(
    reusedOutput(
      z.object({
        data: z.array(accountResource).describe("One page of accounts, by order, then the wallet's name, then id."),
        meta: listMeta.describe("How to read the next page."),
      }),
    ),
  )
  .query(async ({ ctx, input }) => {
    const request = pageRequest(input);
    const page = await listAccounts({ db: ctx.db, workspace: ctx.caller.workspace }, request);
    return reusedAnswer(page, () => ({
      data: page.items.map((item) => ({ type: "accounts" as const, id: item.id, attributes: item.attributes })),
      meta: listMetaOf(request, page),
    }));
  });
