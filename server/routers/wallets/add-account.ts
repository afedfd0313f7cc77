import { z } from "zod";
import { addAccount } from "../../domain/wallets/manage-wallets";
import { addAccountInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const addAccountProcedure = dashboardProcedure
  .input(addAccountInput)
  .output(z.object({ id: z.uuid(), walletVersion: z.number().int() }))
  .mutation(({ ctx, input }) => addAccount(callerContext(ctx), input));
