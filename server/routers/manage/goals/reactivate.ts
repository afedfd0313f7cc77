import { reactivateGoal as reactivateWorkspaceGoal } from "../../../domain/goals/manage-goals";
import { goalIdInput } from "../../../schemas/goals";
import { sessionProcedure } from "../../../trpc";
import { goalWritten } from "./goal-output";

export const reactivateGoal = sessionProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => reactivateWorkspaceGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input));
