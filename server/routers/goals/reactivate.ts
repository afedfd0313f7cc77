import { reactivateGoal as reactivateWorkspaceGoal } from "../../domain/goals/manage-goals";
import { goalIdInput } from "../../schemas/goals";
import { dashboardProcedure } from "../../trpc/builders";
import { goalWritten } from "./goal-output";

export const reactivateGoal = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) =>
    reactivateWorkspaceGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
