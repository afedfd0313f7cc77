import { z } from "zod";
import { listGroups } from "../../domain/groups/manage-groups";
import { dashboardProcedure } from "../../trpc/builders";
import { groupOutput } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const listWalletGroupsProcedure = dashboardProcedure
  .input(z.void())
  .output(z.array(groupOutput))
  .query(({ ctx }) => listGroups(callerContext(ctx), "wallet"));
