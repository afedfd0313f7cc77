import { setWalletArchived } from "../../domain/wallets/manage-wallets";
import { walletIdInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const archiveWalletProcedure = dashboardProcedure
  .input(walletIdInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setWalletArchived(dashboardContext(ctx), input.id, true));
