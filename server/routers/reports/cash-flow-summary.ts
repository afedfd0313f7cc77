import { z } from "zod";
import { cashFlowSummary, MONTH_TO_DATE_MONTHS } from "../../domain/reports/cash-flow-summary";
import { moneyAggregate } from "../shared/fields";
import { categoryRef, day, fxFields, money, month, partialFlag, periodFields, share } from "./schemas";
import { windowedReport } from "./report-procedure";

/** Income, expenses, savings and savings rate of a month up to a day. */
const toDateFigures = {
  income: money.describe("Income up to the day, home currency."),
  expenses: money.describe("Spending up to the day, home currency, positive."),
  savings: money.describe("income - expenses."),
  savings_rate: share.nullable().describe("savings / income * 100; null without income."),
};

export const cashFlowSummaryAttributes = z.object({
  ...periodFields,
  month: month.describe("The report month (YYYY-MM)."),
  target_savings_rate: share.describe('A fixed guideline savings rate, "20.00" percent.'),
  total_income_agg: moneyAggregate.describe("Income of the month."),
  total_expenses_agg: moneyAggregate.meta({ description: "Spending of the month, as positive amounts." }),
  savings_agg: moneyAggregate.meta({ description: "Income minus expenses." }),
  savings_rate: share.nullable().meta({ description: "savings / income * 100; null without income." }),
  income_sources: z
    .array(
      z.object({
        account_id: z.uuid().describe("The account the income arrived in."),
        wallet_id: z.uuid().describe("The wallet holding that account."),
        name: z.string().describe("The account's name."),
        amount: money.describe("Income into the account in the month, home currency."),
        percentage: share.nullable().describe("Share of the month's income, in percent; null without income."),
      }),
    )
    .describe("Income per receiving account, largest first."),
  expense_categories: z
    .array(
      z.object({
        ...categoryRef,
        amount: money.describe("Spending in the category in the month, home currency, positive."),
        percentage: share.nullable().describe("Share of the month's spending, in percent; null without spending."),
      }),
    )
    .describe("Spending per category, largest first."),
  monthly_trend: z
    .array(
      z.object({
        month: month.describe("The month (YYYY-MM)."),
        income: money.describe("Income of the month."),
        expenses: money.describe("Spending of the month, positive."),
        savings: money.describe("income - expenses."),
        savings_rate: share.nullable().describe("savings / income * 100; null without income."),
        partial: partialFlag,
      }),
    )
    .describe("Every month of the window, oldest first, home currency."),
  month_to_date_comparison: z
    .object({
      through_day: z
        .number()
        .int()
        .describe(
          "Today's day of month: every month compared runs from its 1st to this day (or its last day when shorter).",
        ),
      months: z
        .array(
          z.object({
            month: month.describe("The month (YYYY-MM)."),
            through: day.describe("The last day counted."),
            ...toDateFigures,
          }),
        )
        .describe(
          `The report month so far first, then the ${MONTH_TO_DATE_MONTHS} months before it up to the same day, newest first.`,
        ),
      previous_months_compared: z
        .number()
        .int()
        .describe(
          `Earlier months averaged: of the ${MONTH_TO_DATE_MONTHS} before, those with any income or expense (months before the first transaction are left out).`,
        ),
      previous_average: z
        .object(toDateFigures)
        .nullable()
        .describe("The average of the earlier months compared, up to the same day; null when none has data."),
    })
    .nullable()
    .meta({
      id: "MonthToDateComparison",
      description:
        "For the current month (window.partial_month): the month so far against the months before it up to the same day of month. null for a month that has ended or not begun.",
    }),
  fx_losses_home: money.meta({
    description: "Value lost to exchange rates by the month's transfers between currencies.",
  }),
  ...fxFields,
});

export const cashFlowSummaryProcedure = windowedReport(
  {
    type: "cash_flow_summary",
    operationId: "getCashFlowSummary",
    summary: "Cash-flow summary (endpoint 19)",
    description:
      "Income, expenses and savings of the month in the home currency, with sources, categories and the trend.",
    component: {
      id: "CashFlowSummaryReport",
      description:
        "Income, expenses and savings of the month in the home currency, with sources, categories and the trend (endpoint 19).",
    },
    attributes: cashFlowSummaryAttributes,
  },
  cashFlowSummary,
);
