import { reactivateGoal } from "../../domain/goals/manage-goals";
import { goalIdInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const reactivateGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    reactivateGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
