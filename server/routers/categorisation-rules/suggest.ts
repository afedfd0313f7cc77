import { z } from "zod";
import { suggestCategories } from "../../domain/categorisation/suggest";
import { workspaceProcedure } from "../../trpc/builders";
import { MAX_SUGGESTIONS, suggestInput, suggestion } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const suggestCategoriesProcedure = workspaceProcedure("rules:read")
  .meta({
    tool: "suggest_categories",
    readOnly: true,
    errors: ["RESOURCE_NOT_FOUND"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/transactions/suggest-categories",
      operationId: "suggestCategories",
      tags: ["categorisation-rules"],
      summary: "Suggest categories",
      description:
        `For up to ${MAX_SUGGESTIONS} transactions of your workspace (transaction_ids) or free items (description, counterparty, ` +
        "amount): the category each would get now, from your rules first, then what your own categorised transactions teach, " +
        "then a category name in the text, with the source, a confidence and a reason. Changes nothing. 404 when a " +
        "transaction is not in your workspace.",
    },
  })
  .input(suggestInput)
  .output(
    z.object({ data: z.array(suggestion).describe("One suggestion per row asked about, in the request's order.") }),
  )
  .mutation(async ({ ctx, input }) => ({
    data: await suggestCategories(callerContext(ctx), input),
  }));
