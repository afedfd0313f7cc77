"use client";

import { amountClass, formatAmount } from "../money";
import { DataTable } from "../page-parts";
import type { PreviewRow } from "./import-types";

const MAX_SHOWN = 500;

const STATE_LABELS: Record<PreviewRow["state"], string> = {
  new: "new",
  duplicate: "duplicate",
  invalid: "problem",
  pre_opening: "before opening",
};

/** "row:4" is an earlier row of the same file; anything else an existing transaction's id. */
function duplicateLabel(duplicateOf: string | null): string {
  if (duplicateOf === null) return "";
  if (duplicateOf.startsWith("row:")) return `row ${duplicateOf.slice(4)} of this file`;
  return `transaction ${duplicateOf.slice(0, 8)}…`;
}

/** The rows found in the file, as they would be booked; duplicates, problems and pre-opening rows stand out. */
export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  if (rows.length === 0) return <p className="empty">The file holds no transactions.</p>;
  const shown = rows.slice(0, MAX_SHOWN);
  return (
    <>
      <DataTable
        caption="Preview of the statement's rows"
        className="preview-table"
        columns={[
          { label: "Row", className: "numeric" },
          "Date",
          { label: "Amount", className: "money-cell" },
          "Description",
          "Counterparty",
          "State",
          "Duplicate of / problems",
        ]}
      >
        {shown.map((row) => (
          <tr key={row.row} className={`preview-${row.state}`}>
            <td className="numeric">{row.row}</td>
            <td className="nowrap">{row.date}</td>
            <td className={amountClass(row.amount)}>
              <span className="nowrap">{formatAmount(row.amount)} {row.currency_code}</span>
            </td>
            <td>{row.description}</td>
            <td>{row.counterparty ?? <span className="muted">—</span>}</td>
            <td>
              <span className={`badge badge-preview-${row.state}`}>{STATE_LABELS[row.state]}</span>
            </td>
            <td className="small">
              {row.duplicate_of ? <span title={row.duplicate_of}>{duplicateLabel(row.duplicate_of)}</span> : null}
              {row.problems.length > 0 ? (
                <ul className="problem-list">
                  {row.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {rows.length > MAX_SHOWN ? (
        <p className="muted small">
          Showing the first {MAX_SHOWN} of {rows.length} rows; confirming imports all of them.
        </p>
      ) : null}
    </>
  );
}
