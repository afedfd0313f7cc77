import { z } from "zod";
import { CATEGORY_SOURCES } from "../../domain/categorisation/categoriser";
import {
  MAX_PATTERN_LENGTH,
  TEXT_OPERATORS,
  foldForRules,
  patternProblem,
} from "../../domain/categorisation/rule-conditions";
import { MAX_RULES, type RuleRecord } from "../../domain/categorisation/rules";
import { Decimal } from "../../domain/money/money";
import { resource, timestamp } from "../shared/schemas";

/**
 * The categorisation resources as the API reads and shows them: rules, their applications to past
 * transactions, and suggestions. One place for the REST operations, the MCP tools and the dashboard's forms.
 */

export const categorySource = z
  .enum(CATEGORY_SOURCES)
  .nullable()
  .meta({ id: "CategorySource", description: "Where a category came from: rule, learned or name; null for none." });

export const categoryConfidence = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .describe(
    "How sure the source is, 0 to 1: 1 for a rule, the learner's belief for learned, 0.5 for a name; null without a category.",
  );

export const categoryReason = z
  .string()
  .nullable()
  .describe(
    "Why, for a person: rule “REWE”, like 14 earlier transactions “rewe”, the category name “Rent” is in the text; null without a category.",
  );

// ---------------------------------------------------------------------------------------------
// Rules

const textCondition = z
  .strictObject({
    operator: z
      .enum(TEXT_OPERATORS)
      .describe(
        "contains, equals, starts_with: the text compared with letter case, diacritics and repeated spaces ignored; regex: an RE2 " +
          "regular expression (no look-around or back-references; runs in linear time), letter case and diacritics ignored.",
      ),
    value: z.string().trim().min(1, "must not be empty").max(MAX_PATTERN_LENGTH),
  })
  .superRefine((condition, context) => {
    // An empty value was named above (min): once is enough.
    if (condition.value === "") return;
    if (condition.operator !== "regex") {
      // A value of combining marks alone folds to nothing, which every text contains.
      if (foldForRules(condition.value) === "")
        context.addIssue({
          code: "custom",
          path: ["value"],
          message: "must not be empty (once letter case and accents are set aside)",
        });
      return;
    }
    const problem = patternProblem(condition.value);
    if (problem) context.addIssue({ code: "custom", path: ["value"], message: problem });
  })
  .meta({ id: "RuleTextCondition", description: "A condition on a text: how to compare, and with what." });

const magnitude = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, "must be a decimal string such as 12.50 (no sign: the magnitude)")
  .describe("A magnitude (no sign), e.g. 12.50.");

const amountCondition = z
  .strictObject({
    min: magnitude
      .nullable()
      .default(null)
      .describe("The smallest amount that matches, ignoring its sign; null: none."),
    max: magnitude.nullable().default(null).describe("The largest amount that matches, ignoring its sign; null: none."),
    sign: z
      .enum(["negative", "positive"])
      .nullable()
      .default(null)
      .describe("negative: money out only; positive: money in only; null: either."),
  })
  .superRefine((amount, context) => {
    if (amount.min === null && amount.max === null && amount.sign === null)
      context.addIssue({ code: "custom", path: [], message: "must set min, max or sign (or leave amount out)" });
    if (amount.min !== null && amount.max !== null && new Decimal(amount.min).greaterThan(amount.max))
      context.addIssue({ code: "custom", path: ["max"], message: `must not be less than min (${amount.min})` });
  })
  .meta({ id: "RuleAmountCondition", description: "A condition on the amount: its size and direction." });

export const ruleConditions = z
  .strictObject({
    description: textCondition.nullable().default(null).describe("On the booking text; null: any."),
    counterparty: textCondition
      .nullable()
      .default(null)
      .describe("On the counterparty (a row without one never matches); null: any."),
    amount: amountCondition.nullable().default(null).describe("On the amount; null: any."),
    account_id: z.uuid().nullable().default(null).describe("Only transactions of this account; null: any."),
    type: z
      .enum(["expense", "income"])
      .nullable()
      .default(null)
      .describe("expense (money out) or income (money in); null: either. Transfers are never categorised."),
  })
  .superRefine((conditions, context) => {
    const set = [
      conditions.description,
      conditions.counterparty,
      conditions.amount,
      conditions.account_id,
      conditions.type,
    ];
    if (set.every((condition) => condition === null))
      context.addIssue({
        code: "custom",
        path: [],
        message: "must set at least one of description, counterparty, amount, account_id, type",
      });
    const sign = conditions.amount?.sign;
    if (sign && conditions.type && (sign === "negative") !== (conditions.type === "expense"))
      context.addIssue({ code: "custom", path: ["type"], message: `contradicts amount.sign (${sign})` });
  })
  .meta({
    id: "RuleConditions",
    description: "What a transaction must be for the rule to apply; all set conditions must hold.",
  });

const ruleName = z.string().trim().min(1, "must not be empty").max(100).describe("The rule's name, shown in reasons.");
const setCounterparty = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200)
  .nullable()
  .describe("A cleaner counterparty name the rule also sets (REWE SAGT DANKE 4711 -> REWE); null: unchanged.");
const position = z
  .number()
  .int()
  .min(1)
  .max(MAX_RULES)
  .describe("1-based place in the order (1 is tried first); the rules from there on move down. Default: last.");

export const createRuleInput = z.strictObject({
  name: ruleName.optional().describe("The rule's name; default: its conditions in words."),
  conditions: ruleConditions,
  category_id: z.uuid().describe("The category a matching transaction gets (of your workspace, not archived)."),
  set_counterparty: setCounterparty.optional(),
  enabled: z.boolean().default(true).describe("A disabled rule is kept but never applied."),
  position: position.optional(),
});

export const updateRuleInput = z.strictObject({
  id: z.uuid().describe("The rule's id."),
  name: ruleName.optional(),
  conditions: ruleConditions.optional().describe("The new conditions, replacing all of the old ones."),
  category_id: z.uuid().optional().describe("The category a matching transaction gets."),
  set_counterparty: setCounterparty.optional(),
  enabled: z.boolean().optional().describe("false keeps the rule but never applies it."),
  position: position.optional(),
});

export const ruleResource = resource(
  "categorisation_rules",
  z.object({
    name: z.string().describe("The rule's name."),
    position: z.number().int().describe("Its place in the order, from 1; the first matching rule wins."),
    enabled: z.boolean().describe("Whether it is applied."),
    conditions: ruleConditions,
    category_id: z.uuid().describe("The category a matching transaction gets."),
    set_counterparty: z.string().nullable().describe("The counterparty name it also sets; null: unchanged."),
    created_at: timestamp.describe("When it was created."),
    updated_at: timestamp.describe("When it last changed."),
  }),
).meta({ id: "CategorisationRule", description: "A categorisation rule: conditions, and the category they lead to." });

export function ruleView(rule: RuleRecord): z.infer<typeof ruleResource> {
  return {
    type: "categorisation_rules",
    id: rule.id,
    attributes: {
      name: rule.name,
      position: rule.position,
      enabled: rule.enabled,
      conditions: rule.conditions,
      category_id: rule.categoryId,
      set_counterparty: rule.setCounterparty,
      created_at: rule.createdAt.toISOString(),
      updated_at: rule.updatedAt.toISOString(),
    },
  };
}

/** Category suggestions for transactions or free items. */

export const MAX_SUGGESTIONS = 500;

const freeItem = z.strictObject({
  description: z.string().max(1_000).describe("The booking text."),
  counterparty: z.string().max(500).nullable().default(null).describe("Who paid or was paid; null for unknown."),
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,15}(\.\d{1,4})?$/, "must be a decimal string such as -12.50")
    .describe("Signed amount (money out is negative)."),
  account_id: z.uuid().nullable().default(null).describe("The account it belongs to, if known."),
});

export const suggestInput = z
  .strictObject({
    transaction_ids: z
      .array(z.uuid())
      .min(1)
      .max(MAX_SUGGESTIONS)
      .optional()
      .describe(`Transactions of your workspace (at most ${MAX_SUGGESTIONS}).`),
    items: z
      .array(freeItem)
      .min(1)
      .max(MAX_SUGGESTIONS)
      .optional()
      .describe(`Rows that are not transactions yet (at most ${MAX_SUGGESTIONS}).`),
  })
  .refine((input) => (input.transaction_ids === undefined) !== (input.items === undefined), {
    path: ["transaction_ids"],
    message: "give exactly one of transaction_ids or items",
  });

export const suggestion = z
  .object({
    transaction_id: z.uuid().nullable().describe("The transaction asked about; null for a free item."),
    index: z.number().int().describe("0-based position in the request's list."),
    category_id: z.uuid().nullable().describe("The suggested category; null when nothing is sure enough."),
    category_source: categorySource,
    category_confidence: categoryConfidence,
    category_reason: categoryReason,
    rule_id: z.uuid().nullable().describe("The rule that matched (category_source rule); null otherwise."),
    counterparty: z.string().nullable().describe("The cleaner counterparty a matching rule sets; null otherwise."),
  })
  .meta({ id: "CategorySuggestion", description: "A category suggestion and where it comes from." });
