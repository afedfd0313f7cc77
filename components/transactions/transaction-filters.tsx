"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FieldError } from "../form-fields";
import { useFormat, useLocale } from "../locale/locale-provider";
import { NamedOptions, SelectField } from "../manage-fields";
import { CategoryOptions } from "./category-options";
import { searchParam, type TransactionQuery } from "./transaction-query";
import type { AccountOption, CategoryOverview } from "./transaction-types";
import { UNCATEGORISED } from "@/server/domain/transactions/uncategorised";
import { TRANSACTION_TYPES } from "@/server/routers/transactions/schemas";

type Filters = TransactionQuery["filters"];

/** The typed filters as the address holds them, to tell the form's own changes from back and forward. */
const typedKey = (filters: Filters) =>
  JSON.stringify([filters.search ?? "", filters.amount_min ?? "", filters.amount_max ?? ""]);

/**
 * Choices apply as they change; the search text and the amount range when submitted (the search
 * as a canonical amount when it reads as one in the user's locale: "1.234,56" -> "1234.56").
 */
export function TransactionFiltersBar({
  id,
  filters,
  accounts,
  categories,
  errors,
  hidden,
  onChange,
}: {
  id: string;
  filters: Filters;
  accounts: AccountOption[];
  categories: CategoryOverview | undefined;
  errors: Record<string, string>;
  /** Folded away (phones only: the CSS shows the form on wider screens whatever this says). */
  hidden: boolean;
  onChange: (filters: Filters) => void;
}) {
  const t = useTranslations("transactions");
  const format = useFormat();
  const { parseAmount } = useLocale();
  const [search, setSearch] = useState(() => format.amountInput(filters.search));
  const [min, setMin] = useState(() => format.amountInput(filters.amount_min));
  const [max, setMax] = useState(() => format.amountInput(filters.amount_max));
  const [typed, setTyped] = useState<Record<string, string>>({});
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });

  // What the address held when the typed fields were last taken from it or sent to it. When it holds
  // something else (back, forward, a link), the fields start again from it; after Search or Clear
  // they stay as typed, and the focus stays where it was (no remount).
  const address = typedKey(filters);
  const synced = useRef(address);
  useEffect(() => {
    if (synced.current === address) return;
    synced.current = address;
    setSearch(format.amountInput(filters.search));
    setMin(format.amountInput(filters.amount_min));
    setMax(format.amountInput(filters.amount_max));
    setTyped({});
  }, [address, filters.search, filters.amount_min, filters.amount_max, format]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const read = (text: string, field: string) => {
      if (!text.trim()) return undefined;
      const reading = parseAmount(text.replace(/^[-+\u2212]/, ""));
      if (reading.ok) return reading.value;
      problems[field] = reading.message;
      return undefined;
    };
    const amountMin = read(min, "amount_min");
    const amountMax = read(max, "amount_max");
    setTyped(problems);
    if (Object.keys(problems).length > 0) return;
    const patch = { search: searchParam(search, parseAmount), amount_min: amountMin, amount_max: amountMax };
    synced.current = typedKey(patch);
    set(patch);
  };
  const clear = () => {
    setSearch("");
    setMin("");
    setMax("");
    setTyped({});
    synced.current = typedKey({});
    onChange({});
  };
  const shown = { ...errors, ...typed };

  return (
    <form
      id={id}
      className="tx-filters"
      data-folded={hidden ? "true" : undefined}
      onSubmit={submit}
      role="search"
      aria-label={t("filters.label")}
      noValidate
    >
      <SelectField
        label={t("filters.account")}
        name="account_id"
        value={filters.account_id ?? ""}
        onChange={(event) => set({ account_id: event.target.value || undefined })}
      >
        <option value="">{t("filters.allAccounts")}</option>
        <NamedOptions items={accounts} />
      </SelectField>
      <SelectField
        label={t("filters.category")}
        name="category_id"
        value={filters.category_id ?? ""}
        onChange={(event) => set({ category_id: event.target.value || undefined })}
      >
        <option value="">{t("filters.allCategories")}</option>
        <option value={UNCATEGORISED}>{t("filters.uncategorised")}</option>
        <CategoryOptions overview={categories} />
      </SelectField>
      <SelectField
        label={t("filters.type")}
        name="type"
        value={filters.type ?? ""}
        onChange={(event) => set({ type: (event.target.value || undefined) as Filters["type"] })}
      >
        <option value="">{t("filters.allTypes")}</option>
        {TRANSACTION_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(`types.${value}`)}
          </option>
        ))}
      </SelectField>
      <div className="field">
        <label htmlFor="filter-from">{t("filters.from")}</label>
        <input
          id="filter-from"
          type="date"
          value={filters.from ?? ""}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
      </div>
      <div className="field">
        <label htmlFor="filter-to">{t("filters.to")}</label>
        <input
          id="filter-to"
          type="date"
          value={filters.to ?? ""}
          onChange={(event) => set({ to: event.target.value || undefined })}
          aria-invalid={shown.to ? true : undefined}
        />
        <FieldError message={shown.to} />
      </div>
      <div className="field filter-search">
        <label htmlFor="filter-search">{t("filters.search")}</label>
        <input
          id="filter-search"
          type="search"
          value={search}
          placeholder={t("filters.searchPlaceholder")}
          onChange={(event) => setSearch(event.target.value)}
          aria-invalid={shown.search ? true : undefined}
        />
        <FieldError message={shown.search} />
      </div>
      <fieldset className="filter-amounts">
        <legend>{t("filters.amounts")}</legend>
        <div className="filter-amount-inputs">
          <div className="field">
            <label htmlFor="filter-min">{t("filters.atLeast")}</label>
            <input
              id="filter-min"
              inputMode="decimal"
              autoComplete="off"
              value={min}
              onChange={(event) => setMin(event.target.value)}
              aria-invalid={shown.amount_min ? true : undefined}
              aria-describedby="filter-amount-hint"
            />
            <FieldError message={shown.amount_min} />
          </div>
          <div className="field">
            <label htmlFor="filter-max">{t("filters.atMost")}</label>
            <input
              id="filter-max"
              inputMode="decimal"
              autoComplete="off"
              value={max}
              onChange={(event) => setMax(event.target.value)}
              aria-invalid={shown.amount_max ? true : undefined}
              aria-describedby="filter-amount-hint"
            />
            <FieldError message={shown.amount_max} />
          </div>
        </div>
        <p id="filter-amount-hint" className="field-hint">
          {t("filters.amountHint")}
        </p>
      </fieldset>
      {filters.tag ? (
        <div className="filter-tag">
          <span className="tag-chip">{t("filters.tagged", { tag: filters.tag })}</span>
          <button
            type="button"
            className="button button-small"
            aria-label={t("filters.clearTag", { tag: filters.tag })}
            onClick={() => set({ tag: undefined })}
          >
            ×
          </button>
        </div>
      ) : null}
      <div className="filter-actions">
        <button type="submit" className="button">
          {t("filters.submit")}
        </button>
        <button type="button" className="button" onClick={clear}>
          {t("filters.clear")}
        </button>
      </div>
    </form>
  );
}
