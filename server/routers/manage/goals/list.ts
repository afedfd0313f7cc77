import { z } from "zod";
import { listGoalsForManagement } from "../../../domain/goals/manage-goals";
import { GOAL_STATUSES } from "../../../schemas/goals";
import { sessionProcedure } from "../../../trpc";
import { pageInput, pageMeta, pageMetaOf } from "../../shared/schemas";
import { managedGoal } from "./goal-output";

/** The goals page: every goal (or one status) with the progress figures of endpoint 12. */
export const listGoals = sessionProcedure
  .input(z.object({ ...pageInput, status: z.enum([...GOAL_STATUSES, "all"]).default("all") }))
  .output(z.object({ data: z.array(managedGoal), meta: pageMeta }))
  .query(async ({ ctx, input }) => {
    const { items, total } = await listGoalsForManagement({ db: ctx.db, workspace: ctx.caller.workspace }, input);
    return { data: items.map((item) => ({ type: "goals" as const, ...item })), meta: pageMetaOf(input.page, input.limit, total) };
  });
