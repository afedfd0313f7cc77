"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { ReportCard } from "./report-card";
import { recurringTable } from "./report-tables";
import type { RecurringReport, ReportQuery } from "./report-types";

type Detected = RecurringReport["attributes"]["detected"][number];

/** The recurring page's new-rule form, prefilled from the suggestion through the query string. */
function createRuleHref(item: Detected): string {
  const expense = item.avg_amount.startsWith("-");
  const params = new URLSearchParams({
    new: "1",
    name: item.suggested_name,
    type: expense ? "expense" : "income",
    kind: item.suggested_action === "create_subscription" ? "subscription" : "rule",
    amount: item.avg_amount.replace(/^-/, ""),
    frequency: item.frequency,
    pattern: item.description_pattern,
  });
  return `/recurring?${params.toString()}`;
}

/** Endpoint 17: series of income or expenses that no recurring rule tracks yet. */
export function RecurringDetectionCard({ query }: { query: ReportQuery<RecurringReport> }) {
  const t = useTranslations("reports");
  const format = useFormat();
  const report = query.data?.data;
  const attributes = report?.attributes;
  const home = attributes?.total_estimated_monthly_agg.home_converted.currency_code ?? "";

  return (
    <ReportCard
      testId="report-recurring-detection"
      title={t("recurring.title")}
      what={t("recurring.what")}
      query={query}
      window={report?.window}
      table={attributes ? recurringTable(attributes, t) : null}
      description={t("recurring.description")}
    >
      {attributes && attributes.detected.length === 0 ? <p className="empty">{t("recurring.empty")}</p> : null}
      {attributes && attributes.detected.length > 0 ? (
        <>
          <p className="muted report-footnote">
            {t("recurring.total", {
              amount: format.money(attributes.total_estimated_monthly_agg.home_converted.amount, home),
            })}
          </p>
          <ul className="report-list">
            {attributes.detected.map((item) => (
              <li key={`${item.description_pattern}:${item.avg_amount}`}>
                <div>
                  <span className="row-title">{item.suggested_name}</span>
                  <span className="row-detail">
                    {t("recurring.detail", {
                      amount: format.money(item.avg_amount, home),
                      frequency: item.frequency,
                      count: String(item.count),
                      date: format.day(item.last_date),
                    })}
                  </span>
                </div>
                <Link
                  className="button button-small"
                  href={createRuleHref(item)}
                  aria-label={t("recurring.createFor", { name: item.suggested_name })}
                >
                  {t("recurring.create")}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ReportCard>
  );
}
