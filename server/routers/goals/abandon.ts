import { abandonGoal } from "../../domain/goals/manage-goals";
import { goalIdInput, goalWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const abandonGoalProcedure = dashboardProcedure
  .input(goalIdInput)
  .output(goalWritten)
  .mutation(({ ctx, input }) => abandonGoal(callerContext(ctx), input));
