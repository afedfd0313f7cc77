import { createGoal } from "../../domain/goals/manage-goals";
import { createGoalInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createGoalProcedure = dashboardProcedure
  .input(createGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => createGoal(callerContext(ctx), input));
