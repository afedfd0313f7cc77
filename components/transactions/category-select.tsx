"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { CategoryOptions } from "./category-options";
import type { CategoryOverview, TransactionItem } from "./transaction-types";

/** Keys that step through a closed select's options (and type-ahead letters): each one changes its value. */
const STEPPING = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

/**
 * A row's category, saved when it is chosen. A choice made with the mouse or a phone's picker is
 * saved at once; stepping through the closed list with the arrow keys (or typing a name) only shows
 * the choice, which Enter or leaving the field saves and Escape takes back, so each keypress is not
 * a write of its own.
 */
export function CategorySelect({
  transaction,
  label,
  categories,
  disabled,
  onCategorise,
}: {
  transaction: TransactionItem;
  label: string;
  categories: CategoryOverview | undefined;
  disabled: boolean;
  onCategorise: (transaction: TransactionItem, categoryId: string | null) => void;
}) {
  const t = useTranslations("transactions.categorySelect");
  const saved = transaction.category_id ?? "";
  const [draft, setDraft] = useState<string | null>(null);
  const stepping = useRef(false);
  const commit = (value: string) => {
    setDraft(null);
    if (value !== saved) onCategorise(transaction, value || null);
  };
  return (
    <select
      className="inline-select"
      aria-label={label}
      aria-description={draft !== null ? t("keys") : undefined}
      value={draft ?? saved}
      disabled={disabled}
      onKeyDown={(event) => {
        if (event.key === "Enter" && draft !== null) {
          event.preventDefault();
          commit(draft);
        } else if (event.key === "Escape" && draft !== null) {
          event.preventDefault();
          setDraft(null);
        } else if (!event.altKey && (STEPPING.has(event.key) || event.key.length === 1)) {
          // The change this key makes (if any) comes before the next task.
          stepping.current = true;
          setTimeout(() => (stepping.current = false), 0);
        }
      }}
      onChange={(event) => {
        if (stepping.current) setDraft(event.target.value);
        else commit(event.target.value);
      }}
      onBlur={() => {
        if (draft !== null) commit(draft);
      }}
    >
      <option value="">{t("uncategorised")}</option>
      <CategoryOptions overview={categories} current={transaction.category_id} />
    </select>
  );
}
