import { createWallet as createWorkspaceWallet } from "../../domain/wallets/manage-wallets";
import { createWalletInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const createWallet = dashboardProcedure
  .input(createWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => createWorkspaceWallet(dashboardContext(ctx), input));
