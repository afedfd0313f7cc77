import { createGroup } from "../../../domain/groups/manage-groups";
import { walletGroupInput } from "../../../schemas/wallets";
import { dashboardProcedure } from "../../../trpc/builders";
import { manageScope } from "../scope";
import { groupOutput } from "./output";

export const createWalletGroup = dashboardProcedure
  .input(walletGroupInput)
  .output(groupOutput)
  .mutation(({ ctx, input }) => createGroup(manageScope(ctx), "wallet", input));
