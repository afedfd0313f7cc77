import { z } from "zod";
import { createRule, MAX_RULES } from "../../domain/categorisation/rules";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite } from "../shared/idempotent";
import { createRuleInput, ruleResource, ruleView } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const createRuleProcedure = idempotentWorkspaceProcedure("rules:write")
  .meta({
    successStatus: 201,
    errors: ["RESOURCE_NOT_FOUND", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/categorisation-rules",
      operationId: "createCategorisationRule",
      tags: ["categorisation-rules"],
      summary: "Create a categorisation rule",
      description:
        "Needs an Idempotency-Key. At least one condition; a regex is RE2 syntax (linear time), at most 200 characters, else 400 " +
        `naming the field. 404 for a category or account of no workspace of yours; 422 for an archived category or a ${MAX_RULES + 1}st rule. ` +
        "New rules go last unless position says otherwise. Applies to imports from now on; apply it to past transactions with .../apply.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(createRuleInput)
  .output(z.object({ data: ruleResource.describe("The rule created.") }))
  .mutation(async ({ ctx, input }) => {
    const { data } = await idempotentWrite(ctx, input, async (tx) =>
      ruleView(await createRule(callerContext(ctx, tx), input)),
    );
    return { data };
  });
