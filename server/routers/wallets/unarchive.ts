import { setWalletArchived } from "../../domain/wallets/manage-wallets";
import { walletIdInput, walletWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const unarchiveWalletProcedure = dashboardProcedure
  .input(walletIdInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setWalletArchived(callerContext(ctx), input.id, false));
