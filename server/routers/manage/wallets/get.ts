import { z } from "zod";
import { getWallet as getWorkspaceWallet } from "../../../domain/wallets/read-wallets";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { walletResource } from "../../programmatic/wallets/wallet-schema";

/** One wallet with its accounts (the wallet detail page); archived ones too. */
export const getWallet = sessionProcedure
  .input(z.object({ id: z.uuid() }))
  .output(z.object({ data: walletResource }))
  .query(async ({ ctx, input }) => ({ data: { type: "wallets" as const, ...(await getWorkspaceWallet(manageScope(ctx), input.id)) } }));
