import { createWallet } from "../../domain/wallets/manage-wallets";
import { createWalletInput, walletWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createWalletProcedure = dashboardProcedure
  .input(createWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => createWallet(callerContext(ctx), input));
