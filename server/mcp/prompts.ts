/**
 * The MCP server's prompts: ready-made requests a person picks in their assistant, each telling
 * the assistant which of this server's tools to call and what to write from their answers. A
 * prompt is listed, and given, only when the token may call every tool it names.
 */
import type { GetPromptResult, Prompt } from "@modelcontextprotocol/sdk/types.js";
import type { PatCaller } from "../domain/identity/authenticate";
import { PERIOD_PATTERN } from "../domain/insights/insight-id";
import { AppError } from "../errors";
import { mayCallAll } from "./tools";

interface PromptDefinition extends Prompt {
  /** The tools its text tells the assistant to call. */
  tools: readonly string[];
  text(args: Record<string, string>): string;
}

const AMOUNTS =
  "Quote amounts as the tools give them (decimal strings), with their currency; money out is negative. " +
  "Use only figures a tool answered: if a tool fails or has no data, say so instead of guessing.";

/** The month the review asks about: the one given, or the current month, named by the overview's answer. */
function reviewedMonth(month: string | undefined): { label: string; overviewArgs: string } {
  if (month === undefined)
    return {
      label: "the current month",
      overviewArgs: "without a month (it answers the current month in the workspace timezone; its `month` names it)",
    };
  if (!PERIOD_PATTERN.test(month))
    throw new AppError(
      "VALIDATION_FAILED",
      "Validation failed: month: must be a month (YYYY-MM) from 1900-01 to 2199-12",
    );
  return { label: month, overviewArgs: `with month "${month}"` };
}

const PROMPTS: PromptDefinition[] = [
  {
    name: "monthly_review",
    title: "Monthly review",
    description:
      "A review of one month's money: cash flow, category drift, budgets and insights, with suggestions for the next month.",
    arguments: [
      { name: "month", description: "The month to review (YYYY-MM); default the current month.", required: false },
    ],
    tools: ["monthly_overview"],
    text({ month }) {
      const reviewed = reviewedMonth(month || undefined);
      return [
        `Review my finances for ${reviewed.label}. First call monthly_overview of the personal-finance server ${reviewed.overviewArgs}.`,
        "It answers, in one call: cash_flow (income, expenses, savings and savings_rate against target_savings_rate, the top expense categories, the monthly_trend and month_to_date_comparison)," +
          " category_drift (the categories whose share of spending moved most, change_pp), budgets (each one's status) and insights (the service's own findings).",
        "Then write the review, in this order: a two-sentence verdict on the month; income, spending and savings, with the savings rate against the target;" +
          " the three categories whose share changed most; the budgets that are over or at risk; the insights worth acting on; three concrete suggestions for next month.",
        "In monthly_overview, expenses (and each category's amount) are positive figures of money spent.",
        "If `omitted` names a section (budgets or insights), the token lacks its scope: say the review leaves it out, and why.",
        "If window.partial_month is true the month has not ended: say that its figures run to window.as_of, and compare them with" +
          ` month_to_date_comparison (the same days of earlier months), not with whole months. ${AMOUNTS}`,
      ].join("\n");
    },
  },
  {
    name: "categorise_uncategorised",
    title: "Categorise uncategorised transactions",
    description: "Groups of uncategorised transactions with a proposed category for each.",
    tools: ["report_uncategorized_clusters", "list_categories"],
    text() {
      return [
        "Help me categorise my uncategorised transactions. Call these tools of the personal-finance server first:",
        "1. report_uncategorized_clusters: uncategorised transactions grouped by description_pattern, largest first, with count, total_amount and last_date.",
        "2. list_categories (with limit 200, and next_cursor until it is null): the categories there are, with their names and aliases.",
        "Then write a table of the clusters, largest total first: the description pattern, how many transactions, the total, the category you propose" +
          ' (an existing category\'s name; or "new: <name>" when none fits) and one line saying why. Mark the clusters you are unsure about rather than guessing.' +
          " End with the aliases worth adding to categories so that such transactions are recognised next time.",
        AMOUNTS,
      ].join("\n");
    },
  },
];

/** The prompts this credential may use. */
export function listPrompts(caller: PatCaller): Prompt[] {
  return PROMPTS.filter((prompt) => mayCallAll(caller, prompt.tools)).map(
    ({ tools: _tools, text: _text, ...prompt }) => prompt,
  );
}

/** One prompt's message; throws the AppError of an unknown prompt, a scope the token lacks or an invalid argument. */
export function getPrompt(caller: PatCaller, name: string, args: Record<string, string>): GetPromptResult {
  const prompt = PROMPTS.find((candidate) => candidate.name === name);
  if (!prompt) throw new AppError("RESOURCE_NOT_FOUND", `There is no prompt named ${JSON.stringify(name)}.`);
  if (!mayCallAll(caller, prompt.tools)) {
    throw new AppError(
      "INSUFFICIENT_SCOPE",
      `This token lacks a scope this prompt's tools need (${prompt.tools.join(", ")}).`,
    );
  }
  return {
    description: prompt.description,
    messages: [{ role: "user", content: { type: "text", text: prompt.text(args) } }],
  };
}
