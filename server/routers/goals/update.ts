import { updateGoal } from "../../domain/goals/manage-goals";
import { updateGoalInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const updateGoalProcedure = dashboardProcedure
  .input(updateGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    updateGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
