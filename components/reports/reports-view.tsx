"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "../manage-fields";
import { PageHeading } from "../page-parts";
import { localToday } from "../planning/format";
import { useTRPC } from "../trpc-provider";
import { CashFlowCard } from "./cash-flow-card";
import { CategoryDriftCard } from "./category-drift-card";
import { CategoryHeatmapCard } from "./category-heatmap-card";
import { IncomeStabilityCard } from "./income-stability-card";
import { InsightsPanel } from "./insights-panel";
import { RecurringDetectionCard } from "./recurring-detection-card";
import type { Range } from "./report-types";
import { UncategorizedClustersCard } from "./uncategorized-clusters-card";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The six reports of endpoints 14-19 and the month's insights, for a month and a range. */
export function ReportsView() {
  const t = useTranslations("reports.view");
  const trpc = useTRPC();
  const [month, setMonth] = useState(() => localToday().slice(0, 7));
  const [range, setRange] = useState<Range>("recent");
  // A half-typed month keeps the last complete one in the queries.
  const [applied, setApplied] = useState(month);
  const query = { month: applied, range };
  // The previous month's figures stay on screen while the next ones load.
  const keep = { placeholderData: keepPreviousData };

  const heatmap = useQuery(trpc.reports.categoryHeatmap.queryOptions(query, keep));
  const income = useQuery(trpc.reports.incomeStability.queryOptions(query, keep));
  const drift = useQuery(trpc.reports.categoryDrift.queryOptions(query, keep));
  const cashFlow = useQuery(trpc.reports.cashFlowSummary.queryOptions(query, keep));
  const clusters = useQuery(trpc.reports.uncategorizedClusters.queryOptions({}));
  const recurring = useQuery(trpc.reports.recurringDetection.queryOptions({}));
  const insights = useQuery(trpc.insights.list.queryOptions({ period: applied }, keep));

  return (
    <>
      <PageHeading title={t("title")} description={t("description")} />

      <div className="filters">
        <div className="field">
          <label htmlFor="report-month">{t("month")}</label>
          <input
            id="report-month"
            type="month"
            name="month"
            value={month}
            min="1900-01"
            max="2199-12"
            onChange={(event) => {
              setMonth(event.target.value);
              if (MONTH.test(event.target.value)) setApplied(event.target.value);
            }}
          />
        </div>
        <SelectField
          label={t("range")}
          name="range"
          value={range}
          onChange={(event) => setRange(event.target.value as Range)}
          options={[
            { value: "recent", label: t("ranges.recent") },
            { value: "full", label: t("ranges.full") },
          ]}
        />
      </div>

      <InsightsPanel period={applied} query={insights} />

      <div className="report-grid">
        <CashFlowCard query={cashFlow} />
        <IncomeStabilityCard query={income} />
        <RecurringDetectionCard query={recurring} />
        <CategoryHeatmapCard query={heatmap} />
        <CategoryDriftCard query={drift} />
        <UncategorizedClustersCard query={clusters} />
      </div>
    </>
  );
}
