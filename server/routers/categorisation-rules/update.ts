import { z } from "zod";
import { updateRule } from "../../domain/categorisation/rules";
import { workspaceProcedure } from "../../trpc/builders";
import { ruleResource, ruleView, updateRuleInput } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const updateRuleProcedure = workspaceProcedure("rules:write")
  .meta({
    errors: ["RESOURCE_NOT_FOUND", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "PATCH",
      path: "/api/v1/programmatic/categorisation-rules/{id}",
      operationId: "updateCategorisationRule",
      tags: ["categorisation-rules"],
      summary: "Change or move a categorisation rule",
      description:
        "Only the fields given change; conditions are replaced as a whole. position moves the rule (the others are renumbered). " +
        "Repeating the same PATCH leaves the same rule.",
    },
  })
  .input(updateRuleInput)
  .output(z.object({ data: ruleResource.describe("The rule as it is now.") }))
  .mutation(async ({ ctx, input: { id, ...changes } }) => ({
    data: ruleView(await ctx.db.transaction((tx) => updateRule(callerContext(ctx, tx), id, changes))),
  }));
