import { setOpeningBalance } from "../../domain/wallets/manage-wallets";
import { setOpeningBalanceInput, walletWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const setOpeningBalanceProcedure = dashboardProcedure
  .input(setOpeningBalanceInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setOpeningBalance(dashboardContext(ctx), input));
