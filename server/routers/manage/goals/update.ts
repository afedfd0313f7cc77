import { updateGoal as updateWorkspaceGoal } from "../../../domain/goals/manage-goals";
import { updateGoalInput } from "../../../schemas/goals";
import { sessionProcedure } from "../../../trpc";
import { goalWritten } from "./goal-output";

export const updateGoal = sessionProcedure
  .input(updateGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => updateWorkspaceGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input));
