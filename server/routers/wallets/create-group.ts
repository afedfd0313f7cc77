import { createGroup } from "../../domain/groups/manage-groups";
import { walletGroupInput, groupOutput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const createWalletGroupProcedure = dashboardProcedure
  .input(walletGroupInput)
  .output(groupOutput)
  .mutation(({ ctx, input }) => createGroup(dashboardContext(ctx), "wallet", input));
