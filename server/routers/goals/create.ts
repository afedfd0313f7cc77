import { createGoal } from "../../domain/goals/manage-goals";
import { createGoalInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const createGoalProcedure = dashboardProcedure
  .input(createGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    createGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
