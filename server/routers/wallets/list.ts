import { z } from "zod";
import { pageRequest } from "../../domain/pagination";
import { listWallets } from "../../domain/wallets/read-wallets";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMeta, listMetaOf } from "../shared/list";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";
import { queryBoolean } from "../shared/schemas";
import { walletResource } from "./schemas";

export const listWalletsProcedure = workspaceProcedure("wallets:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT"],
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
        .describe("true: archived wallets too (with is_archived true); default false, active wallets only."),
    }),
  )
  .output(
    reusedOutput(
      z.object({
        data: z.array(walletResource).describe("One page of wallets, by order, then name, then id."),
        meta: listMeta.describe("How to read the next page."),
      }),
    ),
  )
  .query(async ({ ctx, input }) => {
    const request = pageRequest(input);
    const page = await listWallets({ db: ctx.db, workspace: ctx.caller.workspace }, request, {
      includeArchived: input.include_archived,
    });
    return reusedAnswer(page, () => ({
      data: page.items.map((item) => ({ type: "wallets" as const, ...item })),
      meta: listMetaOf(request, page),
    }));
  });
