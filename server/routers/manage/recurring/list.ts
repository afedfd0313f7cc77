import { z } from "zod";
import { listRecurringRules as listWorkspaceRecurringRules } from "../../../domain/recurring/list-recurring-rules";
import { RECURRING_KINDS, RECURRING_STATUSES } from "../../../schemas/recurring";
import { sessionProcedure } from "../../../trpc";
import { recurringRule } from "../../programmatic/recurring-rules/list";
import { pageInput } from "../../shared/schemas";

/** The rules page: the same rule objects (next_occurrence_date included) as endpoint 7. */
export const listRecurringRules = sessionProcedure
  .input(z.object({ ...pageInput, status: z.enum(RECURRING_STATUSES).optional(), kind: z.enum(RECURRING_KINDS).optional() }))
  .output(z.object({ data: z.array(recurringRule), meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }) }))
  .query(async ({ ctx, input }) => {
    const { items, total } = await listWorkspaceRecurringRules({ db: ctx.db, workspace: ctx.caller.workspace }, input);
    return { data: items, meta: { total, page: input.page, limit: input.limit } };
  });
