"use client";

import { useFormat } from "../locale/locale-provider";
import { DataTable, ItemButton } from "../page-parts";
import { STATUS_LABELS, type ImportSummary } from "./import-types";

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
  const format = useFormat();
  if (imports.length === 0) return <p className="empty">No imports yet. Upload a statement to start.</p>;
  return (
    <DataTable
      className="card-table"
      caption="Recent imports, newest first"
      columns={[
        "File",
        "Account",
        "Status",
        { label: "Rows", className: "numeric" },
        { label: "Imported", className: "numeric" },
        { label: "Skipped", className: "numeric" },
        { label: "Errors", className: "numeric" },
        "Uploaded",
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
          <td data-label="Account">{job.account_name}</td>
          <td className="card-figure">
            <span className={`badge badge-import-${job.status}`}>{STATUS_LABELS[job.status]}</span>
          </td>
          <td className="numeric" data-label="Rows">
            {job.total_rows}
          </td>
          <td className="numeric" data-label="Imported">
            {job.status === "completed" ? job.imported_count : "—"}
          </td>
          <td className="numeric" data-label="Skipped">
            {job.status === "completed" ? job.skipped_count : "—"}
          </td>
          <td className="numeric" data-label="Errors">
            {job.error_count}
          </td>
          <td className="nowrap" data-label="Uploaded">
            {format.moment(job.created_at)}
          </td>
          <td className="actions">
            <ItemButton action="Open" item={job.file_name} onClick={() => onOpen(id)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
