import { updateWallet as updateWorkspaceWallet } from "../../domain/wallets/manage-wallets";
import { updateWalletInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const updateWallet = dashboardProcedure
  .input(updateWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => updateWorkspaceWallet(dashboardContext(ctx), input));
