import { z } from "zod";
import { getWallet } from "../../domain/wallets/read-wallets";
import { workspaceProcedure } from "../../trpc/builders";
import { walletResource } from "./schemas";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";

export const getWalletProcedure = workspaceProcedure("wallets:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/wallets/{id}",
      operationId: "getWallet",
      tags: ["wallets"],
      summary: "Get an asset wallet (endpoint 10)",
      description:
        "The wallet with its accounts and balances today (workspace timezone); archived wallets too, with is_archived.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The wallet's id, from the wallet list or an account's wallet_id.") }))
  .output(reusedOutput(z.object({ data: walletResource.describe("The wallet with its accounts and balances.") })))
  .query(async ({ ctx, input }) => {
    const wallet = await getWallet({ db: ctx.db, workspace: ctx.caller.workspace }, input.id);
    return reusedAnswer(wallet, () => ({ data: { type: "wallets" as const, ...wallet } }));
  });
