"use client";

import { amountClass, formatAmount } from "../money";
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
      <div className="table-scroll">
        <table className="table preview-table">
          <caption className="visually-hidden">Preview of the statement&apos;s rows</caption>
          <thead>
            <tr>
              <th scope="col" className="numeric">Row</th>
              <th scope="col">Date</th>
              <th scope="col" className="money-cell">Amount</th>
              <th scope="col">Description</th>
              <th scope="col">Counterparty</th>
              <th scope="col">State</th>
              <th scope="col">Duplicate of / problems</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
      {rows.length > MAX_SHOWN ? (
        <p className="muted small">
          Showing the first {MAX_SHOWN} of {rows.length} rows; confirming imports all of them.
        </p>
      ) : null}
    </>
  );
}
