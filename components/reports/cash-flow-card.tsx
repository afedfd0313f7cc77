"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatAmount, formatMonth } from "../planning/format";
import { CHART_COLORS, compactNumber, plotNumber, shortMonth } from "./plot";
import { ReportCard } from "./report-card";
import type { CashFlowReport, ReportQuery } from "./report-types";

/** Endpoint 19: the month's totals and the window's income / expenses with the savings rate. */
export function CashFlowCard({ query }: { query: ReportQuery<CashFlowReport> }) {
  const report = query.data?.data;
  const attributes = report?.attributes;
  const home = attributes?.total_income_agg.home_converted.currency_code ?? "";
  const points = (attributes?.monthly_trend ?? []).map((row) => ({
    month: shortMonth(row.month),
    income: plotNumber(row.income),
    expenses: plotNumber(row.expenses),
    savingsRate: plotNumber(row.savings_rate),
  }));

  return (
    <ReportCard testId="report-cash-flow-summary" title="Cash flow" wide query={query} window={report?.window}
      description="Income and expenses per month, with the savings rate (savings / income) on the right axis.">
      {attributes ? (
        <>
          <dl className="report-totals" aria-label={`Totals of ${formatMonth(attributes.month)}`}>
            <Total label={`Income, ${formatMonth(attributes.month)}`} value={formatAmount(attributes.total_income_agg.home_converted.amount, home)} />
            <Total label="Expenses" value={formatAmount(attributes.total_expenses_agg.home_converted.amount, home)} />
            <Total label="Savings" value={formatAmount(attributes.savings_agg.home_converted.amount, home)} />
            <Total label="Savings rate" value={attributes.savings_rate === null ? "—" : `${attributes.savings_rate}%`}
              detail={`guideline ${attributes.target_savings_rate}%`} />
          </dl>
          <div className="report-chart">
            <ResponsiveContainer width="100%" height={280}>
              <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} />
                <YAxis yAxisId="money" tickFormatter={compactNumber} tick={{ fontSize: 12 }} width={48} />
                {/* A month in progress can have a rate far below -100%; the axis stays readable and the tooltip shows the value. */}
                <YAxis yAxisId="rate" orientation="right" unit="%" domain={[-100, 100]} ticks={[-100, -50, 0, 50, 100]} allowDataOverflow tick={{ fontSize: 12 }} width={52} />
                <Tooltip />
                <Legend />
                <Bar yAxisId="money" dataKey="income" name={`Income (${home})`} fill={CHART_COLORS.income} isAnimationActive={false} />
                <Bar yAxisId="money" dataKey="expenses" name={`Expenses (${home})`} fill={CHART_COLORS.expenses} isAnimationActive={false} />
                <Line yAxisId="rate" dataKey="savingsRate" name="Savings rate (%)" stroke={CHART_COLORS.rate} strokeWidth={2}
                  dot={{ r: 3 }} connectNulls={false} isAnimationActive={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        </>
      ) : null}
    </ReportCard>
  );
}

function Total({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value}
        {detail ? <span className="muted report-total-detail"> {detail}</span> : null}
      </dd>
    </div>
  );
}
