import { setOpeningBalance as setAccountOpeningBalance } from "../../domain/wallets/manage-wallets";
import { setOpeningBalanceInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { walletWritten } from "./output";

export const setOpeningBalance = dashboardProcedure
  .input(setOpeningBalanceInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setAccountOpeningBalance(dashboardContext(ctx), input));
