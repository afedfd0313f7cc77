import { achieveGoal as achieveWorkspaceGoal } from "../../../domain/goals/manage-goals";
import { goalIdInput } from "../../../schemas/goals";
import { sessionProcedure } from "../../../trpc";
import { goalWritten } from "./goal-output";

export const achieveGoal = sessionProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => achieveWorkspaceGoal({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input));
