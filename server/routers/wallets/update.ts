import { updateWallet } from "../../domain/wallets/manage-wallets";
import { updateWalletInput, walletWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const updateWalletProcedure = dashboardProcedure
  .input(updateWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => updateWallet(callerContext(ctx), input));
