"use client";

import { useTranslations } from "next-intl";
import type { ExportFormat } from "@/server/domain/export/table-file";
import { ExportButtons, type DownloadFile } from "../export-buttons";
import type { SortField, SortOrder } from "./transaction-query";
import { SelectAllBox } from "./transaction-table";

/** Every order the list offers, as people say it (its words: transactions.sort); the column heads sort by the same keys. */
const SORT_CHOICES = [
  { sort: "date", order: "desc", key: "dateDesc" },
  { sort: "date", order: "asc", key: "dateAsc" },
  { sort: "amount", order: "asc", key: "amountAsc" },
  { sort: "amount", order: "desc", key: "amountDesc" },
  { sort: "description", order: "asc", key: "descriptionAsc" },
  { sort: "description", order: "desc", key: "descriptionDesc" },
  { sort: "counterparty", order: "asc", key: "counterpartyAsc" },
  { sort: "counterparty", order: "desc", key: "counterpartyDesc" },
  { sort: "category", order: "asc", key: "categoryAsc" },
  { sort: "category", order: "desc", key: "categoryDesc" },
] as const satisfies ReadonlyArray<{ sort: SortField; order: SortOrder; key: string }>;

export type SortKey = (typeof SORT_CHOICES)[number]["key"];

/** The message key of an order ("dateDesc"): its label is transactions.sort.options.<key>. */
export function sortKey(sort: SortField, order: SortOrder): SortKey {
  return SORT_CHOICES.find((choice) => choice.sort === sort && choice.order === order)?.key ?? "dateDesc";
}

/**
 * Above the list: the order, the filters' fold (phones), "select all" (phones, where the table's
 * head is not shown) and the export of every row the filters select.
 */
export function TransactionToolbar({
  sort,
  order,
  onSort,
  filtersId,
  filtersOpen,
  activeFilters,
  onToggleFilters,
  pageCount,
  chosen,
  onSelectAll,
  exportFile,
}: {
  sort: SortField;
  order: SortOrder;
  onSort: (sort: SortField, order: SortOrder) => void;
  filtersId: string;
  filtersOpen: boolean;
  activeFilters: number;
  onToggleFilters: () => void;
  pageCount: number;
  chosen: number;
  onSelectAll: (all: boolean) => void;
  exportFile: (format: ExportFormat) => Promise<DownloadFile>;
}) {
  const t = useTranslations("transactions");
  return (
    <div className="tx-toolbar">
      <button
        type="button"
        className="button tx-filter-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={onToggleFilters}
      >
        {filtersOpen ? t("toolbar.hideFilters") : t("toolbar.filters")}
        {activeFilters > 0 ? ` (${activeFilters})` : ""}
      </button>
      <div className="tx-sort">
        <label htmlFor="tx-sort">{t("toolbar.sort")}</label>
        <select
          id="tx-sort"
          className="inline-select"
          value={`${sort}:${order}`}
          onChange={(event) => {
            const [nextSort, nextOrder] = event.target.value.split(":") as [SortField, SortOrder];
            onSort(nextSort, nextOrder);
          }}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={`${choice.sort}:${choice.order}`} value={`${choice.sort}:${choice.order}`}>
              {t(`sort.options.${choice.key}`)}
            </option>
          ))}
        </select>
      </div>
      {pageCount > 0 ? (
        <label className="checkbox tx-select-all">
          <SelectAllBox label={t("toolbar.selectAllOnPage")} count={pageCount} chosen={chosen} onChange={onSelectAll} />
          <span aria-hidden="true">{t("toolbar.selectAll")}</span>
        </label>
      ) : null}
      <ExportButtons what={t("toolbar.exportWhat")} file={exportFile} />
    </div>
  );
}
