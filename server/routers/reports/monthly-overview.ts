import { z } from "zod";
import { listBudgets } from "../../domain/budgets/read-budgets";
import type { Scope } from "../../domain/identity/scopes";
import { listInsights } from "../../domain/insights/list-insights";
import { cashFlowSummary } from "../../domain/reports/cash-flow-summary";
import { categoryDrift } from "../../domain/reports/category-drift";
import type { WorkspaceContext } from "../../domain/workspace-context";
import { workspaceProcedure } from "../../trpc/builders";
import type { Caller } from "../../domain/identity/authenticate";
import { currentPeriod } from "../budgets/schemas";
import { insight, type TypedInsight } from "../insights/schemas";
import { cashFlowSummaryAttributes } from "./cash-flow-summary";
import { categoryDriftAttributes } from "./category-drift";
import { money, reportMonth, reportWindow } from "./schemas";

/** The largest spending categories and drifting categories the overview keeps. */
const TOP = 5;
/** The active budgets the overview keeps (the budget list pages through more). */
const BUDGETS = 100;

const cashFlow = cashFlowSummaryAttributes.shape;
const drift = categoryDriftAttributes.shape;

/** What the overview keeps of a budget's period: the budget list's own fields. */
const PERIOD_FIGURES = currentPeriod.pick({
  period_start: true,
  period_end: true,
  available: true,
  spent: true,
  remaining: true,
  spent_percentage: true,
  status: true,
});

/** The sections a token sees only with their own scope, beside reports:read. */
const SCOPED_SECTIONS = { budgets: "budgets:read", insights: "insights:read" } as const satisfies Record<string, Scope>;
type ScopedSection = keyof typeof SCOPED_SECTIONS;

const attributes = z.object({
  month: cashFlow.month,
  currency_code: z.string().describe("ISO 4217 code of the home currency, in which every cash_flow figure is."),
  cash_flow: z
    .object({
      income: money.describe("Income of the month."),
      expenses: money.describe("Spending of the month, positive."),
      savings: money.describe("income - expenses."),
      savings_rate: cashFlow.savings_rate,
      target_savings_rate: cashFlow.target_savings_rate,
      top_expense_categories: z
        .array(
          cashFlow.expense_categories.element.pick({ category_id: true, name: true, amount: true, percentage: true }),
        )
        .describe(`The ${TOP} categories with the most spending in the month, largest first.`),
      monthly_trend: cashFlow.monthly_trend,
      month_to_date_comparison: cashFlow.month_to_date_comparison,
      fx_partial: cashFlow.fx_partial,
      missing_fx_count: cashFlow.missing_fx_count,
    })
    .describe("The cash-flow summary's figures (GET /reports/cash-flow-summary has them all)."),
  category_drift: z
    .object({
      compared_month: drift.compared_month,
      categories: z
        .array(drift.categories.element.pick({ category_id: true, name: true, change_pp: true, direction: true }))
        .describe(`The ${TOP} categories whose share of spending moved most, largest |change_pp| first.`),
    })
    .describe("How spending shifted between categories over the window (GET /reports/category-drift has it all)."),
  budgets: z
    .array(
      z.object({
        id: z.uuid().describe("The budget's id."),
        name: z.string().describe("The budget's name."),
        period: z.enum(["weekly", "monthly", "quarterly", "yearly"]).describe("Length of each of its periods."),
        currency_code: z.string().describe("ISO 4217 code of the budget currency, in which its amounts are."),
        ...PERIOD_FIGURES.shape,
      }),
    )
    .nullable()
    .describe(
      `The first ${BUDGETS} active budgets with their period containing window.as_of (today in a running month, ` +
        "else the month's last day). null when the token lacks budgets:read (see omitted).",
    ),
  insights: z
    .array(insight)
    .nullable()
    .describe("The month's insights, high priority first. null when the token lacks insights:read (see omitted)."),
  omitted: z
    .array(
      z.object({
        section: z.enum(["budgets", "insights"]).describe("The section left out (null above)."),
        scope: z.string().describe("The scope the token would need for it."),
      }),
    )
    .describe("Sections left out because the token lacks their scope; empty when none is."),
});

const overviewOutput = z.object({
  data: z
    .object({
      type: z.literal("monthly_overview").describe('Always "monthly_overview".'),
      id: z.string().meta({ description: "Stable for the same question: monthly_overview:<month>." }),
      attributes: attributes.describe("The month at a glance."),
      window: reportWindow.describe("The months the trend covers: the 6 ending with month."),
    })
    .meta({
      id: "MonthlyOverview",
      description: "One month at a glance: cash flow, the categories that moved, budgets and insights, in one answer.",
    }),
});

/** Whether the caller may read a scope's section: a token with that scope, or the dashboard's member. */
function mayRead(caller: Caller, section: ScopedSection): boolean {
  return caller.kind === "session" || (caller.kind === "pat" && caller.scopes.includes(SCOPED_SECTIONS[section]));
}

async function budgetSection(context: WorkspaceContext, periodDate: string) {
  const page = await listBudgets(context, { mode: "page", page: 1, limit: BUDGETS }, { active: true, periodDate });
  return page.items.map(({ id, attributes: budget }) => {
    const { period_start, period_end, available, spent, remaining, spent_percentage, status } = budget.current_period;
    return {
      id,
      name: budget.name,
      period: budget.period,
      currency_code: budget.currency.code,
      period_start,
      period_end,
      available,
      spent,
      remaining,
      spent_percentage,
      status,
    };
  });
}

/**
 * One month at a glance, for an assistant's monthly review (the MCP tool monthly_overview) or a
 * script's digest: what four calls answered before (cash-flow summary, category drift, budgets,
 * insights), cut to what a review reads. The budget and insight sections need their own scopes
 * beside reports:read; without one, that section is null and `omitted` says which scope would add it.
 */
export const monthlyOverviewProcedure = workspaceProcedure("reports:read")
  .meta({
    tool: "monthly_overview",
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/reports/monthly-overview",
      operationId: "getMonthlyOverview",
      tags: ["reports"],
      summary: "Monthly overview (extension)",
      description:
        "A month at a glance in one call: income, spending and savings against the target savings rate, the top " +
        "spending categories, the trend and the month so far against earlier months, the categories whose share " +
        "moved most, each active budget's status (with budgets:read) and the month's insights (with insights:read). " +
        "Amounts are decimal strings; expenses are positive here.",
    },
  })
  .input(z.object({ month: reportMonth }))
  .output(overviewOutput)
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    const request = { month: input.month, range: "recent" as const };
    const [flows, shifts] = await Promise.all([cashFlowSummary(context, request), categoryDrift(context, request)]);
    const { month } = flows.attributes;
    const omitted = (Object.keys(SCOPED_SECTIONS) as ScopedSection[])
      .filter((section) => !mayRead(ctx.caller, section))
      .map((section) => ({ section, scope: SCOPED_SECTIONS[section] }));
    const [budgets, insights] = await Promise.all([
      mayRead(ctx.caller, "budgets") ? budgetSection(context, flows.window.as_of) : null,
      mayRead(ctx.caller, "insights") ? listInsights(context, { period: month }) : null,
    ]);
    const home = flows.attributes.total_income_agg.home_converted;
    return {
      data: {
        type: "monthly_overview" as const,
        id: `monthly_overview:${month}`,
        attributes: {
          month,
          currency_code: home.currency_code,
          cash_flow: {
            income: home.amount,
            expenses: flows.attributes.total_expenses_agg.home_converted.amount,
            savings: flows.attributes.savings_agg.home_converted.amount,
            savings_rate: flows.attributes.savings_rate,
            target_savings_rate: flows.attributes.target_savings_rate,
            top_expense_categories: flows.attributes.expense_categories
              .slice(0, TOP)
              .map(({ category_id, name, amount, percentage }) => ({ category_id, name, amount, percentage })),
            monthly_trend: flows.attributes.monthly_trend,
            month_to_date_comparison: flows.attributes.month_to_date_comparison,
            fx_partial: flows.attributes.fx_partial,
            missing_fx_count: flows.attributes.missing_fx_count,
          },
          category_drift: {
            compared_month: shifts.attributes.compared_month,
            categories: shifts.attributes.categories
              .slice(0, TOP)
              .map(({ category_id, name, change_pp, direction }) => ({ category_id, name, change_pp, direction })),
          },
          budgets,
          insights: insights ? (insights.insights as TypedInsight[]) : null,
          omitted,
        },
        window: flows.window,
      },
    };
  });
