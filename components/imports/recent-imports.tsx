"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { DataTable, ItemButton } from "../page-parts";
import type { ImportSummary } from "./import-types";

/** The workspace's latest imports; one can be opened again (its preview, or its outcome). */
export function RecentImports({
  imports,
  selectedId,
  onOpen,
}: {
  imports: ImportSummary[];
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const t = useTranslations("imports");
  const format = useFormat();
  if (imports.length === 0) return <p className="empty">{t("recent.empty")}</p>;
  return (
    <DataTable
      className="card-table"
      caption={t("recent.caption")}
      columns={[
        t("recent.columns.file"),
        t("recent.columns.account"),
        t("recent.columns.status"),
        { label: t("recent.columns.rows"), className: "numeric" },
        { label: t("recent.columns.imported"), className: "numeric" },
        { label: t("recent.columns.skipped"), className: "numeric" },
        { label: t("recent.columns.errors"), className: "numeric" },
        t("recent.columns.uploaded"),
      ]}
      actions
    >
      {imports.map(({ id, attributes: job }) => (
        <tr
          key={id}
          aria-current={id === selectedId ? "true" : undefined}
          className={id === selectedId ? "row-selected" : undefined}
        >
          <td>{job.file_name}</td>
          <td data-label={t("recent.columns.account")}>{job.account_name}</td>
          <td className="card-figure">
            <span className={`badge badge-import-${job.status}`}>{t("status", { status: job.status })}</span>
          </td>
          <td className="numeric" data-label={t("recent.columns.rows")}>
            {job.total_rows}
          </td>
          <td className="numeric" data-label={t("recent.columns.imported")}>
            {job.status === "completed" ? job.imported_count : "—"}
          </td>
          <td className="numeric" data-label={t("recent.columns.skipped")}>
            {job.status === "completed" ? job.skipped_count : "—"}
          </td>
          <td className="numeric" data-label={t("recent.columns.errors")}>
            {job.error_count}
          </td>
          <td className="nowrap" data-label={t("recent.columns.uploaded")}>
            {format.moment(job.created_at)}
          </td>
          <td className="actions">
            <ItemButton action={t("recent.open")} item={job.file_name} onClick={() => onOpen(id)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
