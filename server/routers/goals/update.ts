import { updateGoal } from "../../domain/goals/manage-goals";
import { updateGoalInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const updateGoalProcedure = dashboardProcedure
  .input(updateGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => updateGoal(callerContext(ctx), input));
