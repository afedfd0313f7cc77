"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "../locale/locale-provider";
import { DataTable } from "../page-parts";
import { RuleDialog } from "../rules/rule-dialog";
import type { RuleDraft } from "../rules/rule-draft";
import { merchantPhrase, nameOf } from "../rules/rule-types";
import { useTRPC } from "../trpc-provider";
import { ReportCard } from "./report-card";
import { clustersTable } from "./report-tables";
import type { ClustersReport, ReportQuery } from "./report-types";

type Cluster = ClustersReport["attributes"]["clusters"][number];

/**
 * A new rule for a cluster: its description contains the pattern's merchant words (the pattern has
 * its digits taken out, so "rewe sagt danke koeln" would not be found in "REWE SAGT DANKE 4711
 * KOELN"; "rewe" is), filed in the category the person's own history suggests.
 */
function ruleFor(cluster: Cluster): Partial<RuleDraft> {
  const phrase = merchantPhrase(cluster.description_pattern) ?? cluster.description_pattern;
  return {
    name: phrase,
    descriptionOperator: "contains",
    descriptionValue: phrase,
    categoryId: cluster.suggested_category_id ?? "",
  };
}

/** Endpoint 16: uncategorised transactions grouped by description pattern, largest groups first. */
export function UncategorizedClustersCard({ query }: { query: ReportQuery<ClustersReport> }) {
  const t = useTranslations("reports");
  const format = useFormat();
  const trpc = useTRPC();
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const [making, setMaking] = useState<Cluster | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const report = query.data?.data;
  const attributes = report?.attributes;
  // The reason is the server's words (English); without one, the dashboard's own.
  const suggested = making?.suggested_category_id
    ? {
        category: nameOf(
          categories.data?.categories,
          making.suggested_category_id,
          t("uncategorised"),
          t("clusters.anotherCategory"),
        ),
        reason: making.suggested_category_reason ?? t("clusters.fromHistory"),
      }
    : null;
  const confidence = making?.suggested_category_confidence ?? null;
  const suggestion = suggested
    ? confidence !== null
      ? t("clusters.suggestedSure", { ...suggested, confidence: format.percent(Math.round(confidence * 100)) })
      : t("clusters.suggested", suggested)
    : null;

  return (
    <ReportCard
      testId="report-uncategorized-clusters"
      title={t("clusters.title")}
      what={t("clusters.what")}
      wide
      query={query}
      window={report?.window}
      table={attributes ? clustersTable(attributes, t) : null}
      description={t("clusters.description")}
    >
      {attributes && attributes.clusters.length === 0 ? <p className="empty">{t("clusters.empty")}</p> : null}
      {attributes && attributes.clusters.length > 0 ? (
        <>
          <p className="muted report-footnote">
            {t("clusters.footnote", {
              count: attributes.total_uncategorized_count,
              shown: String(attributes.total_uncategorized_count),
              patterns: attributes.clusters.length,
            })}
          </p>
          <DataTable
            className="card-table"
            scrollClassName="report-table-scroll"
            columns={[
              t("clusters.pattern"),
              { label: t("clusters.count"), className: "numeric" },
              { label: t("clusters.total"), className: "numeric" },
              t("clusters.lastDate"),
            ]}
            actions
          >
            {attributes.clusters.map((cluster) => (
              <tr key={cluster.description_pattern}>
                <td>
                  <code>{cluster.description_pattern}</code>
                </td>
                <td className="numeric" data-label={t("clusters.count")}>
                  {cluster.count}
                </td>
                <td className={`numeric card-figure${cluster.total_amount.startsWith("-") ? "" : " amount-income"}`}>
                  {format.money(cluster.total_amount, attributes.currency_code)}
                </td>
                <td data-label={t("clusters.lastDate")}>{format.day(cluster.last_date)}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t("clusters.makeFor", { pattern: cluster.description_pattern })}
                    onClick={() => {
                      setMade(null);
                      setMaking(cluster);
                    }}
                  >
                    {t("clusters.make")}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
      {made ? (
        <p role="status" className="notice notice-success">
          {t.rich("clusters.made", {
            name: made,
            link: (chunks) => <Link href="/rules">{chunks}</Link>,
          })}
        </p>
      ) : null}
      <RuleDialog
        open={making !== null}
        initial={making ? ruleFor(making) : undefined}
        note={suggestion ?? (making ? t("clusters.noSuggestion") : undefined)}
        onClose={() => setMaking(null)}
        onSaved={(rule) => setMade(rule.attributes.name)}
      />
    </ReportCard>
  );
}
