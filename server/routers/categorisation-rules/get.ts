import { z } from "zod";
import { getRule } from "../../domain/categorisation/rules";
import { workspaceProcedure } from "../../trpc/builders";
import { ruleResource, ruleView } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const getRuleProcedure = workspaceProcedure("rules:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/categorisation-rules/{id}",
      operationId: "getCategorisationRule",
      tags: ["categorisation-rules"],
      summary: "Get a categorisation rule",
      description: "One rule of the workspace; 404 for an id of no rule of yours.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The rule's id.") }))
  .output(z.object({ data: ruleResource }))
  .query(async ({ ctx, input }) => ({
    data: ruleView(await getRule(callerContext(ctx), input.id)),
  }));
