import { z } from "zod";
import { listGroups } from "../../domain/groups/manage-groups";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { groupOutput } from "./schemas";

export const listWalletGroupsProcedure = dashboardProcedure
  .input(z.void())
  .output(z.array(groupOutput))
  .query(({ ctx }) => listGroups(dashboardContext(ctx), "wallet"));
