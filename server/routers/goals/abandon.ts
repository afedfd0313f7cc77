import { abandonGoal } from "../../domain/goals/manage-goals";
import { goalIdInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const abandonGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    abandonGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
