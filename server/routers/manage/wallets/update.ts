import { updateWallet as updateWorkspaceWallet } from "../../../domain/wallets/manage-wallets";
import { updateWalletInput } from "../../../schemas/wallets";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { walletWritten } from "./output";

export const updateWallet = sessionProcedure
  .input(updateWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => updateWorkspaceWallet(manageScope(ctx), input));
