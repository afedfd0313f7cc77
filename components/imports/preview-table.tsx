"use client";

import { useFormat } from "../locale/locale-provider";
import { amountClass } from "../money";
import { DataTable } from "../page-parts";
import type { PreviewRow } from "./import-types";
import { PreviewCategoryCell, type PreviewCategories } from "./preview-category";

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

interface PreviewTableProps {
  /** One page of the preview, as the service sends it. */
  rows: PreviewRow[];
  page: number;
  limit: number;
  /** Rows in the whole preview. */
  total: number;
  onPage: (page: number) => void;
  /** The categories to choose from and the save of a row's choice. */
  categories: PreviewCategories;
  /** The import is not confirmed yet: each row's category can be changed. */
  editable: boolean;
  /** A file of several accounts: each row's account by name (the column is shown only then). */
  accountNames?: ReadonlyMap<string, string> | null;
}

/** The rows found in the file, as they would be booked, a page at a time; duplicates, problems and pre-opening rows stand out. */
export function PreviewTable({
  rows,
  page,
  limit,
  total,
  onPage,
  categories,
  editable,
  accountNames,
}: PreviewTableProps) {
  const format = useFormat();
  if (total === 0) return <p className="empty">The file holds no transactions.</p>;
  return (
    <>
      <PreviewPager page={page} limit={limit} total={total} shown={rows.length} onPage={onPage} />
      <DataTable
        caption="Preview of the statement's rows"
        className="preview-table card-table"
        columns={[
          { label: "Row", className: "numeric" },
          "Date",
          { label: "Amount", className: "money-cell" },
          ...(accountNames ? ["Account"] : []),
          "Description",
          "Counterparty",
          "Category",
          "State",
          "Duplicate of / problems",
        ]}
      >
        {rows.map((row) => (
          <tr key={row.row} className={`preview-${row.state}`}>
            <td className="numeric" data-label="Row">
              {row.row}
            </td>
            <td className="nowrap" data-label="Date">
              {format.day(row.date)}
            </td>
            <td className={`${amountClass(row.amount)} card-figure`}>
              <span className="nowrap">{format.money(row.amount, row.currency_code)}</span>
            </td>
            {accountNames ? <td data-label="Account">{accountNames.get(row.account_id) ?? "—"}</td> : null}
            <td data-label="Description">{row.description}</td>
            <td data-label="Counterparty">{row.counterparty ?? <span className="muted">—</span>}</td>
            <td data-label="Category" className="preview-category">
              <PreviewCategoryCell row={row} editable={editable} categories={categories} />
            </td>
            <td data-label="State">
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
    </>
  );
}

/** "Rows 1–1,000 of 2,500" with Previous and Next; nothing when one page holds every row. */
function PreviewPager({
  page,
  limit,
  total,
  shown,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  const format = useFormat();
  if (total <= limit && page === 1) return null;
  const first = (page - 1) * limit + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="confirm-bar" aria-label="Preview pages">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="muted small" role="status">
        {shown > 0
          ? `Rows ${format.number(first)}–${format.number(first + shown - 1)} of ${format.number(total)}`
          : `No rows on page ${page}`}
        ; confirming imports all of them.
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
