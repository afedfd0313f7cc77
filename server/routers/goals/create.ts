import { createGoal } from "../../domain/goals/manage-goals";
import { createGoalInput } from "../../schemas/goals";
import { dashboardProcedure } from "../../trpc/builders";
import { goalWritten } from "./goal-output";

export const createGoalProcedure = dashboardProcedure
  .input(createGoalInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    createGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
