"use client";

import { useState, type FormEvent } from "react";
import { UNCATEGORISED } from "@/server/schemas/transactions";
import { FieldError } from "../form-fields";
import { NamedOptions, SelectField } from "../manage-fields";
import { CategoryOptions } from "./category-options";
import { TYPE_LABELS, type AccountOption, type CategoryOverview, type TransactionFilters } from "./transaction-types";

/** Filters applied as they change; the search text when submitted. */
export function TransactionFiltersBar({
  filters,
  accounts,
  categories,
  errors,
  onChange,
}: {
  filters: TransactionFilters;
  accounts: AccountOption[];
  categories: CategoryOverview | undefined;
  errors: Record<string, string>;
  onChange: (filters: TransactionFilters) => void;
}) {
  const [search, setSearch] = useState(filters.search ?? "");
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...filters, ...patch });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    set({ search: search.trim() || undefined });
  };
  const clear = () => {
    setSearch("");
    onChange({});
  };

  return (
    <form className="tx-filters" onSubmit={submit} role="search" aria-label="Filter transactions">
      <SelectField label="Account" name="account_id" value={filters.account_id ?? ""} onChange={(event) => set({ account_id: event.target.value || undefined })}>
        <option value="">All accounts</option>
        <NamedOptions items={accounts} />
      </SelectField>
      <SelectField label="Category" name="category_id" value={filters.category_id ?? ""} onChange={(event) => set({ category_id: event.target.value || undefined })}>
        <option value="">All categories</option>
        <option value={UNCATEGORISED}>Uncategorised</option>
        <CategoryOptions overview={categories} />
      </SelectField>
      <SelectField
        label="Type"
        name="type"
        value={filters.type ?? ""}
        onChange={(event) => set({ type: (event.target.value || undefined) as TransactionFilters["type"] })}
      >
        <option value="">All types</option>
        {Object.entries(TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="field">
        <label htmlFor="filter-from">From</label>
        <input id="filter-from" type="date" value={filters.from ?? ""} onChange={(event) => set({ from: event.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor="filter-to">To</label>
        <input id="filter-to" type="date" value={filters.to ?? ""} onChange={(event) => set({ to: event.target.value || undefined })} aria-invalid={errors.to ? true : undefined} />
        <FieldError message={errors.to} />
      </div>
      <div className="field filter-search">
        <label htmlFor="filter-search">Search</label>
        <input id="filter-search" type="search" value={search} placeholder="Description or counterparty" onChange={(event) => setSearch(event.target.value)} />
        <FieldError message={errors.search} />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">Search</button>
        <button type="button" className="button" onClick={clear}>Clear</button>
      </div>
    </form>
  );
}
