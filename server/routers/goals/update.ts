import { updateGoal as updateWorkspaceGoal } from "../../domain/goals/manage-goals";
import { updateGoalInput } from "../../schemas/goals";
import { dashboardProcedure } from "../../trpc/builders";
import { goalWritten } from "./goal-output";

export const updateGoal = dashboardProcedure
  .input(updateGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    updateWorkspaceGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
