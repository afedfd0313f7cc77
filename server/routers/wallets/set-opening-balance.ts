import { setOpeningBalance } from "../../domain/wallets/manage-wallets";
import { setOpeningBalanceInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const setOpeningBalanceProcedure = dashboardProcedure
  .input(setOpeningBalanceInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setOpeningBalance(dashboardContext(ctx), input));
