import { z } from "zod";
import { listRules, rulesByIds } from "../../domain/categorisation/rules";
import { workspaceProcedure } from "../../trpc/builders";
import { pageMetaOf, pageModeQuery } from "../shared/schemas";
import {
  deletedRows,
  deltaCursorInput,
  knowledgeBeforeRead,
  pageModeDeltaAnswer,
  sinceInput,
  syncListMeta,
  syncPageMeta,
} from "../shared/sync";
import { ruleResource, ruleView } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const listRulesProcedure = workspaceProcedure("rules:read")
  .meta({
    errors: ["SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/categorisation-rules",
      operationId: "listCategorisationRules",
      tags: ["categorisation-rules"],
      summary: "List categorisation rules",
      description:
        "The workspace's rules in the order they are tried (position 1 first; the first matching enabled rule wins).",
    },
  })
  .input(pageModeQuery({ ...sinceInput, ...deltaCursorInput }))
  .output(
    z.object({
      data: z.array(ruleResource).describe("The rules on this page, in order (with since: oldest change first)."),
      deleted: deletedRows,
      meta: z
        .union([syncPageMeta, syncListMeta])
        .describe("Where this page is in the list (a read with since: SyncListMeta), and the token for since."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const context = callerContext(ctx);
    const delta = await pageModeDeltaAnswer(context, "categorisation_rules", input, {}, async (ids) =>
      (await rulesByIds(context, ids)).map(ruleView),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "categorisation_rules");
    const rules = await listRules(context);
    const start = (input.page - 1) * input.limit;
    return {
      data: rules.slice(start, start + input.limit).map(ruleView),
      meta: { ...pageMetaOf(input.page, input.limit, rules.length), server_knowledge },
    };
  });
