"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { amountClass } from "../money";
import { DataTable } from "../page-parts";
import type { ImportsTranslator, PreviewRow } from "./import-types";
import { PreviewCategoryCell, type PreviewCategories } from "./preview-category";

/** "row:4" is an earlier row of the same file; anything else an existing transaction's id. */
function duplicateLabel(duplicateOf: string | null, t: ImportsTranslator): string {
  if (duplicateOf === null) return "";
  if (duplicateOf.startsWith("row:")) return t("preview.duplicateOfRow", { row: duplicateOf.slice(4) });
  return t("preview.duplicateOfTransaction", { id: duplicateOf.slice(0, 8) });
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
  const t = useTranslations("imports");
  const format = useFormat();
  if (total === 0) return <p className="empty">{t("preview.empty")}</p>;
  return (
    <>
      <PreviewPager page={page} limit={limit} total={total} shown={rows.length} onPage={onPage} />
      <DataTable
        caption={t("preview.caption")}
        className="preview-table card-table"
        columns={[
          { label: t("preview.columns.row"), className: "numeric" },
          t("preview.columns.date"),
          { label: t("preview.columns.amount"), className: "money-cell" },
          ...(accountNames ? [t("preview.columns.account")] : []),
          t("preview.columns.description"),
          t("preview.columns.counterparty"),
          t("preview.columns.category"),
          t("preview.columns.state"),
          t("preview.columns.duplicateOf"),
        ]}
      >
        {rows.map((row) => (
          <tr key={row.row} className={`preview-${row.state}`}>
            <td className="numeric" data-label={t("preview.columns.row")}>
              {row.row}
            </td>
            <td className="nowrap" data-label={t("preview.columns.date")}>
              {format.day(row.date)}
            </td>
            <td className={`${amountClass(row.amount)} card-figure`}>
              <span className="nowrap">{format.money(row.amount, row.currency_code)}</span>
            </td>
            {accountNames ? (
              <td data-label={t("preview.columns.account")}>{accountNames.get(row.account_id) ?? "—"}</td>
            ) : null}
            <td data-label={t("preview.columns.description")}>{row.description}</td>
            <td data-label={t("preview.columns.counterparty")}>
              {row.counterparty ?? <span className="muted">—</span>}
            </td>
            <td data-label={t("preview.columns.category")} className="preview-category">
              <PreviewCategoryCell row={row} editable={editable} categories={categories} />
            </td>
            <td data-label={t("preview.columns.state")}>
              <span className={`badge badge-preview-${row.state}`}>{t("preview.state", { state: row.state })}</span>
            </td>
            <td className="small">
              {row.duplicate_of ? <span title={row.duplicate_of}>{duplicateLabel(row.duplicate_of, t)}</span> : null}
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
  const t = useTranslations("imports.preview");
  const format = useFormat();
  if (total <= limit && page === 1) return null;
  const first = (page - 1) * limit + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="confirm-bar" aria-label={t("pages")}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </button>
      <span className="muted small" role="status">
        {shown > 0
          ? t("rows", {
              first: format.number(first),
              last: format.number(first + shown - 1),
              total: format.number(total),
            })
          : t("noRows", { page: String(page) })}
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}
