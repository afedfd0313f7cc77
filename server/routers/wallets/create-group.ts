import { createGroup } from "../../domain/groups/manage-groups";
import { walletGroupInput, groupOutput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createWalletGroupProcedure = dashboardProcedure
  .input(walletGroupInput)
  .output(groupOutput)
  .mutation(({ ctx, input }) => createGroup(callerContext(ctx), "wallet", input));
