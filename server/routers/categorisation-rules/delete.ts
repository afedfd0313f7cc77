import { z } from "zod";
import { deleteRule } from "../../domain/categorisation/rules";
import { workspaceProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const deleteRuleProcedure = workspaceProcedure("rules:write")
  .meta({
    successStatus: 204,
    openapi: {
      method: "DELETE",
      path: "/api/v1/programmatic/categorisation-rules/{id}",
      operationId: "deleteCategorisationRule",
      tags: ["categorisation-rules"],
      summary: "Delete a categorisation rule",
      description:
        "The rules after it move up. Categories it gave transactions stay (undo an application to take them back). 404 afterwards.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The rule's id.") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await ctx.db.transaction((tx) => deleteRule(callerContext(ctx, tx), input.id));
  });
