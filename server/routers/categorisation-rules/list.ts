import { z } from "zod";
import { listRules } from "../../domain/categorisation/rules";
import { workspaceProcedure } from "../../trpc/builders";
import { pageMeta, pageMetaOf, pageModeQuery } from "../shared/schemas";
import { ruleResource, ruleView } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const listRulesProcedure = workspaceProcedure("rules:read")
  .meta({
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
  .input(pageModeQuery({}))
  .output(z.object({ data: z.array(ruleResource).describe("The rules on this page, in order."), meta: pageMeta }))
  .query(async ({ ctx, input }) => {
    const rules = await listRules(callerContext(ctx));
    const start = (input.page - 1) * input.limit;
    return {
      data: rules.slice(start, start + input.limit).map(ruleView),
      meta: pageMetaOf(input.page, input.limit, rules.length),
    };
  });
