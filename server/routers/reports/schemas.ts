import { z } from "zod";
import { type WindowRequest, rangeConflicts, requestedRange } from "../../domain/reports/window";
import { day, money, month } from "../shared/fields";
import { tagName } from "../shared/input-fields";

/** Query of endpoints 14, 15, 18, 19; another parameter is 400 naming it (CONTRACT "Strictness"). */
/** A report's final month: default the current month in the workspace timezone. */
export const reportMonth = month
  .refine((value) => value >= "1900-01" && value <= "2199-12", "must be a month from 1900-01 to 2199-12")
  .meta({ description: "The report's final month; default the current month in the workspace timezone." })
  .optional();

export const reportInput = z
  .object({
    month: reportMonth,
    range: z
      .enum(["recent", "full"])
      .meta({
        description:
          "recent (default): the 6 months ending with month; full: from the first month with data, clamped to the plan's window.",
      })
      .optional(),
    period: z
      .enum(["6m", "12m"])
      .meta({ description: "Deprecated alias of range: 6m = recent, 12m = full.", deprecated: true })
      .optional(),
    tag: tagName
      .describe("Only the money of transactions (and split parts) carrying this tag, written exactly so.")
      .optional(),
  })
  .refine((query) => !rangeConflicts(query.range, query.period), {
    path: ["range"],
    message:
      "range and period disagree (period is the deprecated alias of range: 6m = recent, 12m = full); send range only",
  });

export function windowRequest(input: z.infer<typeof reportInput>): WindowRequest {
  return { month: input.month, range: requestedRange(input.range, input.period), tag: input.tag };
}

/** Endpoints 16 and 17 take no parameters: one sent is 400 naming it. */
export const noInput = z.object({});

export const reportWindow = z
  .object({
    applied_months: z.number().int().meta({ description: "Months the report covers." }),
    earliest_visible_date: day.meta({ description: "First day of the earliest month in the window." }),
    plan: z
      .enum(["free", "plus", "pro"])
      .describe("The workspace's plan, which bounds a full range: free 12 months of history, plus 36, pro 120."),
    requested_range: z
      .enum(["recent", "full"])
      .describe(
        "The range asked for (range, or the deprecated period): recent = the 6 months ending with the report month; full = from the first month with data.",
      ),
    truncated_by_plan: z
      .boolean()
      .meta({ description: "True when the plan's window cut off months that have transactions." }),
    partial_month: z
      .boolean()
      .describe(
        "True while the report month has not ended in the workspace timezone (the current month, or a later one): its figures are month to date, and trends leave it out or compare it up to the same day of earlier months.",
      ),
    as_of: day.describe(
      "The day the figures run to: today in the workspace timezone while the report month is running, its first day for a month that has not begun, else the report month's last day.",
    ),
  })
  .meta({ id: "Window", description: "The months a report covers and why." });

/** Attributes every report carries. */
export const periodFields = {
  analysis_period_start: day.meta({ description: "First day of the window." }),
  analysis_period_end: day.meta({ description: "Last day of the report month." }),
};

export const fxFields = {
  fx_partial: z
    .boolean()
    .describe("True when some transactions had no rate and are left out of the home-currency figures."),
  missing_fx_count: z
    .number()
    .int()
    .meta({ description: "Transactions left out of the home-currency figures for lack of a rate." }),
};

export const categoryRef = {
  category_id: z.uuid().nullable().meta({ description: "null for uncategorised transactions." }),
  name: z.string().describe("The category's name; Uncategorized for uncategorised transactions."),
  icon_name: z.string().nullable().describe("The category's icon name; null for none."),
  accent_color: z.string().nullable().describe("The category's colour, #rrggbb; null for none."),
};

/** A month entry's flag: the month has not ended yet. */
export const partialFlag = z
  .boolean()
  .describe("True when this month has not ended yet in the workspace timezone: its figures are month to date.");

/** How the reports that group transactions by their text name a group. */
export const descriptionPattern = z
  .string()
  .describe(
    "The descriptions' common pattern: lower-cased, digits removed, punctuation made spaces, the first 4 words.",
  );

export const share = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Percentage with 2 places.", example: "12.50" });

/** `{data: {type, id, attributes, window}}`; `component` names the report in the OpenAPI document and MCP schemas. */
export function reportOutput<Type extends string, Attributes extends z.ZodType>(
  type: Type,
  attributes: Attributes,
  component: { id: string; description: string },
) {
  return z.object({
    data: z
      .object({
        type: z.literal(type).describe(`Always "${type}".`),
        id: z.string().meta({ description: "Stable for the same question: <type>:<month>:<range>." }),
        attributes: attributes.describe("The report's figures."),
        window: reportWindow.describe("The months the report covers."),
      })
      .meta(component)
      .describe("The report."),
  });
}

export { day, money, month };
