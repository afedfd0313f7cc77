import { createWallet as createWorkspaceWallet } from "../../../domain/wallets/manage-wallets";
import { createWalletInput } from "../../../schemas/wallets";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { walletWritten } from "./output";

export const createWallet = sessionProcedure
  .input(createWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => createWorkspaceWallet(manageScope(ctx), input));
