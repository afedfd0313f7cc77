import { z } from "zod";
import { addAccount as addWalletAccount } from "../../../domain/wallets/manage-wallets";
import { addAccountInput } from "../../../schemas/wallets";
import { dashboardProcedure } from "../../../trpc/builders";
import { manageScope } from "../scope";

export const addAccount = dashboardProcedure
  .input(addAccountInput)
  .output(z.object({ id: z.uuid(), walletVersion: z.number().int() }))
  .mutation(({ ctx, input }) => addWalletAccount(manageScope(ctx), input));
