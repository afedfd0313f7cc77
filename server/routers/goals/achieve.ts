import { achieveGoal } from "../../domain/goals/manage-goals";
import { goalIdInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const achieveGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    achieveGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
