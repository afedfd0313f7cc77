import { createGoal as createWorkspaceGoal } from "../../../domain/goals/manage-goals";
import { createGoalInput } from "../../../schemas/goals";
import { sessionProcedure } from "../../../trpc";
import { goalWritten } from "./goal-output";

export const createGoal = sessionProcedure
  .input(createGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => createWorkspaceGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input));
