import { achieveGoal } from "../../domain/goals/manage-goals";
import { goalIdInput } from "../../schemas/goals";
import { dashboardProcedure } from "../../trpc/builders";
import { goalWritten } from "./goal-output";

export const achieveGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    achieveGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
