"use client";

import { useFormat } from "../locale/locale-provider";
import { ReportCard } from "./report-card";
import type { ClustersReport, ReportQuery } from "./report-types";

/** Endpoint 16: uncategorised transactions grouped by description pattern, largest groups first. */
export function UncategorizedClustersCard({ query }: { query: ReportQuery<ClustersReport> }) {
  const format = useFormat();
  const report = query.data?.data;
  const attributes = report?.attributes;

  return (
    <ReportCard
      testId="report-uncategorized-clusters"
      title="Uncategorised clusters"
      wide
      query={query}
      window={report?.window}
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
          <div className="table-scroll report-table-scroll">
            <table className="table card-table">
              <thead>
                <tr>
                  <th scope="col">Pattern</th>
                  <th scope="col" className="numeric">
                    Count
                  </th>
                  <th scope="col" className="numeric">
                    Total
                  </th>
                  <th scope="col">Last date</th>
                </tr>
              </thead>
              <tbody>
                {attributes.clusters.map((cluster) => (
                  <tr key={cluster.description_pattern}>
                    <td>
                      <code>{cluster.description_pattern}</code>
                    </td>
                    <td className="numeric" data-label="Count">
                      {cluster.count}
                    </td>
                    <td
                      className={`numeric card-figure${cluster.total_amount.startsWith("-") ? "" : " amount-income"}`}
                    >
                      {format.money(cluster.total_amount, attributes.currency_code)}
                    </td>
                    <td data-label="Last date">{format.day(cluster.last_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </ReportCard>
  );
}
