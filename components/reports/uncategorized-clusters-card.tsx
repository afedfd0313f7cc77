"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
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
  const format = useFormat();
  const trpc = useTRPC();
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const [making, setMaking] = useState<Cluster | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const report = query.data?.data;
  const attributes = report?.attributes;
  const suggestion = making?.suggested_category_id
    ? `Suggested: ${nameOf(categories.data?.categories, making.suggested_category_id)}, ${making.suggested_category_reason ?? "from your categorised transactions"}` +
      (making.suggested_category_confidence !== null
        ? ` (${format.percent(Math.round(making.suggested_category_confidence * 100))} sure).`
        : ".")
    : null;

  return (
    <ReportCard
      testId="report-uncategorized-clusters"
      title="Uncategorised clusters"
      wide
      query={query}
      window={report?.window}
      table={attributes ? clustersTable(attributes) : null}
      description="Uncategorised transactions of the full window grouped by their description; categorise a pattern once to clear many."
    >
      {attributes && attributes.clusters.length === 0 ? (
        <p className="empty">Every transaction has a category.</p>
      ) : null}
      {attributes && attributes.clusters.length > 0 ? (
        <>
          <p className="muted report-footnote">
            {attributes.total_uncategorized_count} uncategorised transactions in {attributes.clusters.length} patterns.
          </p>
          <DataTable
            className="card-table"
            scrollClassName="report-table-scroll"
            columns={[
              "Pattern",
              { label: "Count", className: "numeric" },
              { label: "Total", className: "numeric" },
              "Last date",
            ]}
            actions
          >
            {attributes.clusters.map((cluster) => (
              <tr key={cluster.description_pattern}>
                <td>
                  <code>{cluster.description_pattern}</code>
                </td>
                <td className="numeric" data-label="Count">
                  {cluster.count}
                </td>
                <td className={`numeric card-figure${cluster.total_amount.startsWith("-") ? "" : " amount-income"}`}>
                  {format.money(cluster.total_amount, attributes.currency_code)}
                </td>
                <td data-label="Last date">{format.day(cluster.last_date)}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Make a rule for ${cluster.description_pattern}`}
                    onClick={() => {
                      setMade(null);
                      setMaking(cluster);
                    }}
                  >
                    Make a rule
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
      {made ? (
        <p role="status" className="notice notice-success">
          Rule ‘{made}’ created: imports use it from now on. <Link href="/rules">Apply it to past transactions</Link> on
          the Rules page.
        </p>
      ) : null}
      <RuleDialog
        open={making !== null}
        initial={making ? ruleFor(making) : undefined}
        note={suggestion ?? (making ? "No category suggested for this pattern yet: choose one." : undefined)}
        onClose={() => setMaking(null)}
        onSaved={(rule) => setMade(rule.attributes.name)}
      />
    </ReportCard>
  );
}
