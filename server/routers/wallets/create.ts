import { createWallet } from "../../domain/wallets/manage-wallets";
import { createWalletInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const createWalletProcedure = dashboardProcedure
  .input(createWalletInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => createWallet(dashboardContext(ctx), input));
