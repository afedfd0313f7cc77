import { createGroup } from "../../domain/groups/manage-groups";
import { walletGroupInput } from "../../schemas/wallets";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { groupOutput } from "./output";

export const createWalletGroupProcedure = dashboardProcedure
  .input(walletGroupInput)
  .output(groupOutput)
  .mutation(({ ctx, input }) => createGroup(dashboardContext(ctx), "wallet", input));
