import { abandonGoal } from "../../domain/goals/manage-goals";
import { goalIdInput } from "../../schemas/goals";
import { dashboardProcedure } from "../../trpc/builders";
import { goalWritten } from "./goal-output";

export const abandonGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    abandonGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
