import { z } from "zod";
import { countMatches, MATCH_SCAN_LIMIT } from "../../domain/categorisation/rule-previews";
import { workspaceProcedure } from "../../trpc/builders";
import { day } from "../shared/fields";
import { resource } from "../shared/schemas";
import { ruleConditions } from "./schemas";
import { callerContext } from "../shared/caller-context";

export const countMatchesProcedure = workspaceProcedure("rules:read")
  .meta({
    tool: "count_rule_matches",
    readOnly: true,
    errors: ["RESOURCE_NOT_FOUND"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/categorisation-rules/matches",
      operationId: "countCategorisationRuleMatches",
      tags: ["categorisation-rules"],
      summary: "Count the past transactions conditions match",
      description:
        "For conditions not saved as a rule yet (a rule being written): how many past transactions they match, how many of " +
        `those have no category, and the newest five, among the newest ${MATCH_SCAN_LIMIT} transactions. Changes nothing. ` +
        "Transfers are never counted.",
    },
  })
  .input(z.strictObject({ conditions: ruleConditions }))
  .output(
    z.object({
      data: resource(
        "rule_matches",
        z.object({
          match_count: z.number().int().describe("Past transactions the conditions match."),
          uncategorised_count: z.number().int().describe("Of those, how many have no category yet."),
          examined_count: z.number().int().describe(`Transactions examined: the newest, at most ${MATCH_SCAN_LIMIT}.`),
          complete: z
            .boolean()
            .describe(
              "false when the workspace has more transactions than were examined (the counts are then a lower bound).",
            ),
          examples: z
            .array(
              z.object({
                id: z.uuid().describe("The transaction's id."),
                date: day,
                description: z.string(),
                counterparty: z.string().nullable(),
                amount: z.string().describe("Signed amount (money out is negative), in its currency's decimal places."),
                currency_code: z.string().describe("Its currency (ISO 4217)."),
                category_id: z.uuid().nullable().describe("Its category now; null for none."),
              }),
            )
            .describe("The newest five matches, newest first."),
        }),
        z.null().describe("Always null: nothing is kept."),
      ),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const found = await countMatches(callerContext(ctx), input.conditions);
    return {
      data: {
        type: "rule_matches" as const,
        id: null,
        attributes: {
          match_count: found.match_count,
          uncategorised_count: found.uncategorised_count,
          examined_count: found.examined_count,
          complete: found.complete,
          examples: found.examples.map((row) => ({
            id: row.id,
            date: row.date,
            description: row.description,
            counterparty: row.counterparty,
            amount: row.amount,
            currency_code: row.currency_code,
            category_id: row.categoryId,
          })),
        },
      },
    };
  });
