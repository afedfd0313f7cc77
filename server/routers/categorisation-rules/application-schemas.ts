/** Rules applied to past transactions: the request, a dry run's answer and the application resource. */
import { z } from "zod";
import type { ApplicationRecord } from "../../domain/categorisation/rule-applications";
import type { ApplyRulesRequest } from "../../domain/categorisation/rule-matching";
import { MAX_RULES } from "../../domain/categorisation/rules";
import { day } from "../shared/fields";
import { dayBound } from "../shared/input-fields";
import { resource, timestamp } from "../shared/schemas";

const APPLICATION_STATUSES = ["queued", "running", "completed", "failed", "undoing", "undone"] as const;

export const applyRulesInput = z
  .strictObject({
    rule_ids: z
      .array(z.uuid())
      .min(1)
      .max(MAX_RULES)
      .optional()
      .describe("The rules to apply, in their order; default: every enabled rule."),
    only_uncategorised: z
      .boolean()
      .default(true)
      .describe("true (default): only transactions without a category; false: also re-file categorised ones."),
    from: dayBound.optional().describe("Only transactions on or after this day."),
    to: dayBound.optional().describe("Only transactions on or before this day."),
    account_id: z.uuid().optional().describe("Only transactions of this account."),
    dry_run: z
      .boolean()
      .default(true)
      .describe(
        "true (default): answer what would change and change nothing; false: apply (needs an Idempotency-Key).",
      ),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    path: ["to"],
    message: "must not be before from",
  });

const ruleChange = z
  .object({
    transaction_id: z.uuid().describe("The transaction."),
    date: day.describe("Its date."),
    description: z.string().describe("Its booking text."),
    amount: z.string().describe("Its amount, signed (money out is negative), in its currency's decimal places."),
    currency_code: z.string().describe("Its currency (ISO 4217)."),
    rule_id: z.uuid().describe("The rule that matched."),
    from_category_id: z.uuid().nullable().describe("Its category before; null for none."),
    to_category_id: z.uuid().describe("Its category after."),
    from_counterparty: z.string().nullable().describe("Its counterparty before."),
    to_counterparty: z
      .string()
      .nullable()
      .describe("Its counterparty after (the rule's set_counterparty, else unchanged)."),
  })
  .meta({ id: "RuleChange", description: "One transaction an application of rules changes." });

const dryRunResult = resource(
  "rule_application_previews",
  z.object({
    examined_count: z.number().int().describe("Transactions the filters chose."),
    change_count: z.number().int().describe("Of those, how many the rules would change."),
    changes: z.array(ruleChange).describe("The first 100 changes, in date order."),
  }),
  z.null().describe("Always null: a dry run is not kept."),
).meta({ id: "RuleApplicationPreview", description: "What applying the rules would change; nothing was changed." });

export const applicationResource = resource(
  "rule_applications",
  z.object({
    status: z
      .enum(APPLICATION_STATUSES)
      .describe("queued, running (in batches in the background), completed, failed; undoing and undone after an undo."),
    rule_ids: z.array(z.uuid()).describe("The rules applied, in their order."),
    only_uncategorised: z.boolean(),
    from: day.nullable(),
    to: day.nullable(),
    account_id: z.uuid().nullable(),
    examined_count: z.number().int().describe("Transactions examined so far."),
    changed_count: z.number().int().describe("Transactions changed so far."),
    restored_count: z.number().int().describe("After an undo: transactions put back."),
    kept_count: z
      .number()
      .int()
      .describe("After an undo: transactions left as they are because they were changed again after the application."),
    error: z.string().nullable().describe("Why it failed; null otherwise."),
    created_at: timestamp,
    finished_at: timestamp.nullable().describe("When it completed or failed."),
    undone_at: timestamp.nullable().describe("When its undo completed."),
  }),
).meta({ id: "RuleApplication", description: "Rules applied to existing transactions, undoable as one change." });

export const applyRulesOutput = z.object({
  data: z.union([dryRunResult, applicationResource]).describe("A dry run's preview, or the application started."),
});

export function applicationView(application: ApplicationRecord): z.infer<typeof applicationResource> {
  // As startApplication stored it: the request with the rules it chose.
  const request = application.request as ApplyRulesRequest & { rule_ids: string[] };
  return {
    type: "rule_applications",
    id: application.id,
    attributes: {
      status: application.status as (typeof APPLICATION_STATUSES)[number],
      rule_ids: request.rule_ids,
      only_uncategorised: request.only_uncategorised,
      from: request.from ?? null,
      to: request.to ?? null,
      account_id: request.account_id ?? null,
      examined_count: application.examinedCount,
      changed_count: application.changedCount,
      restored_count: application.restoredCount,
      kept_count: application.keptCount,
      error: application.errorMessage,
      created_at: application.createdAt.toISOString(),
      finished_at: application.finishedAt?.toISOString() ?? null,
      undone_at: application.undoneAt?.toISOString() ?? null,
    },
  };
}
