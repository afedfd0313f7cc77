import { setWalletArchived } from "../../domain/wallets/manage-wallets";
import { walletIdInput, walletWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const archiveWalletProcedure = dashboardProcedure
  .input(walletIdInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setWalletArchived(dashboardContext(ctx), input.id, true));
