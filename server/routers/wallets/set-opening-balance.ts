import { setOpeningBalance } from "../../domain/wallets/manage-wallets";
import { setOpeningBalanceInput, walletWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const setOpeningBalanceProcedure = dashboardProcedure
  .input(setOpeningBalanceInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setOpeningBalance(callerContext(ctx), input));
