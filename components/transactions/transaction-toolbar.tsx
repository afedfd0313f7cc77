"use client";

import type { ExportFormat } from "@/server/domain/export/table-file";
import { ExportButtons, type DownloadFile } from "../export-buttons";
import type { SortField, SortOrder } from "./transaction-query";
import { SelectAllBox } from "./transaction-table";

/** Every order the list offers, as people say it; the column heads sort by the same keys. */
const SORT_CHOICES: ReadonlyArray<{ sort: SortField; order: SortOrder; label: string }> = [
  { sort: "date", order: "desc", label: "Newest first" },
  { sort: "date", order: "asc", label: "Oldest first" },
  { sort: "amount", order: "asc", label: "Amount: low to high (spending first)" },
  { sort: "amount", order: "desc", label: "Amount: high to low (income first)" },
  { sort: "description", order: "asc", label: "Description A–Z" },
  { sort: "description", order: "desc", label: "Description Z–A" },
  { sort: "counterparty", order: "asc", label: "Counterparty A–Z" },
  { sort: "counterparty", order: "desc", label: "Counterparty Z–A" },
  { sort: "category", order: "asc", label: "Category A–Z" },
  { sort: "category", order: "desc", label: "Category Z–A" },
];

export function sortLabel(sort: SortField, order: SortOrder): string {
  return SORT_CHOICES.find((choice) => choice.sort === sort && choice.order === order)?.label ?? "Newest first";
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
  return (
    <div className="tx-toolbar">
      <button
        type="button"
        className="button tx-filter-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={onToggleFilters}
      >
        {filtersOpen ? "Hide filters" : "Filters"}
        {activeFilters > 0 ? ` (${activeFilters})` : ""}
      </button>
      <div className="tx-sort">
        <label htmlFor="tx-sort">Sort</label>
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
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {pageCount > 0 ? (
        <label className="checkbox tx-select-all">
          <SelectAllBox label="Select all on this page" count={pageCount} chosen={chosen} onChange={onSelectAll} />
          <span aria-hidden="true">Select all</span>
        </label>
      ) : null}
      <ExportButtons what="transactions" file={exportFile} />
    </div>
  );
}
