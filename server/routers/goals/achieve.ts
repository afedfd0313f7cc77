import { achieveGoal } from "../../domain/goals/manage-goals";
import { goalIdInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const achieveGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => achieveGoal(callerContext(ctx), input));
