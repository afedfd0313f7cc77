import { updateGoal } from "../../domain/goals/manage-goals";
import { updateGoalInput } from "../../schemas/goals";
import { dashboardProcedure } from "../../trpc/builders";
import { goalWritten } from "./goal-output";

export const updateGoalProcedure = dashboardProcedure
  .input(updateGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    updateGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
