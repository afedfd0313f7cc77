import { setOpeningBalance as setAccountOpeningBalance } from "../../../domain/wallets/manage-wallets";
import { setOpeningBalanceInput } from "../../../schemas/wallets";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { walletWritten } from "./output";

export const setOpeningBalance = sessionProcedure
  .input(setOpeningBalanceInput)
  .output(walletWritten)
  .mutation(({ ctx, input }) => setAccountOpeningBalance(manageScope(ctx), input));
