import { z } from "zod";
import { listGroups } from "../../../domain/groups/manage-groups";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { groupOutput } from "./output";

export const listWalletGroups = sessionProcedure
  .input(z.void())
  .output(z.array(groupOutput))
  .query(({ ctx }) => listGroups(manageScope(ctx), "wallet"));
