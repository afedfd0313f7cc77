import { z } from "zod";
import { addAccount as addWalletAccount } from "../../../domain/wallets/manage-wallets";
import { addAccountInput } from "../../../schemas/wallets";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";

export const addAccount = sessionProcedure
  .input(addAccountInput)
  .output(z.object({ id: z.uuid(), walletVersion: z.number().int() }))
  .mutation(({ ctx, input }) => addWalletAccount(manageScope(ctx), input));
