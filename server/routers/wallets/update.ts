import { updateWallet } from "../../domain/wallets/manage-wallets";
import { updateWalletInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const updateWalletProcedure = dashboardProcedure
  .input(updateWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => updateWallet(dashboardContext(ctx), input));
