import { z } from "zod";
import { listTemplates } from "../../domain/templates/list-templates";
import { dashboardProcedure } from "../../trpc/builders";
import { money } from "../shared/fields";
import { templateSchema } from "./schemas";

const templateWithPrefill = templateSchema.extend({
  prefill: z.object({
    source_account_id: z.uuid().nullable(),
    target_account_id: z.uuid().nullable(),
    amount: money.nullable(),
    currency_code: z.string().nullable(),
    category_id: z.uuid().nullable(),
    description: z.string().nullable(),
    notes: z.string().nullable(),
  }),
});

/** The templates page: the workspace's templates with what "Create transaction" starts from. */
export const listTemplatesProcedure = dashboardProcedure
  .input(z.void())
  .output(z.object({ data: z.array(templateWithPrefill) }))
  .query(async ({ ctx }) => ({
    data: await listTemplates({ db: ctx.db, workspace: ctx.caller.workspace }),
  }));
