"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { CategoryOptions } from "./category-options";
import type { CategoryOverview } from "./transaction-types";

const NONE = "none";

/** What can be done to the chosen rows at once: one category for all of them, a tag added to each, or delete them. */
export function BulkActions({
  count,
  transfers,
  categories,
  pending,
  onCategorise,
  onTag,
  onDelete,
  onClear,
}: {
  count: number;
  /** Chosen transfers: they take no category and are left as they are. */
  transfers: number;
  categories: CategoryOverview | undefined;
  pending: boolean;
  onCategorise: (categoryId: string | null) => void;
  onTag: (tag: string) => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const t = useTranslations("transactions.bulk");
  const [choice, setChoice] = useState("");
  const selectId = useId();
  const tagId = useId();
  const [tag, setTag] = useState("");
  const categorisable = count - transfers;
  return (
    <div className="bulk-bar" role="group" aria-label={t("label")}>
      <p className="bulk-count">
        <strong>{t("selected", { count })}</strong>
        {transfers > 0 ? <span className="muted small"> {t("transfers", { count: transfers })}</span> : null}
      </p>
      <form
        className="bulk-categorise"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) onCategorise(choice === NONE ? null : choice);
        }}
      >
        <label htmlFor={selectId} className="visually-hidden">
          {t("categoryLabel")}
        </label>
        <select
          id={selectId}
          className="inline-select"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          disabled={categorisable === 0}
        >
          <option value="">{t("chooseCategory")}</option>
          <option value={NONE}>{t("uncategorised")}</option>
          <CategoryOptions overview={categories} />
        </select>
        <button
          type="submit"
          className="button button-small button-primary"
          disabled={!choice || pending || categorisable === 0}
        >
          {categorisable === count || categorisable === 0
            ? t("categorise")
            : t("categoriseSome", { count: categorisable })}
        </button>
      </form>
      <form
        className="bulk-categorise"
        onSubmit={(event) => {
          event.preventDefault();
          if (tag.trim()) onTag(tag.trim());
        }}
      >
        <label htmlFor={tagId} className="visually-hidden">
          {t("tagLabel")}
        </label>
        <input
          id={tagId}
          size={16}
          value={tag}
          maxLength={50}
          placeholder={t("tagPlaceholder")}
          onChange={(event) => setTag(event.target.value)}
        />
        <button type="submit" className="button button-small" disabled={!tag.trim() || pending}>
          {t("tag", { count })}
        </button>
      </form>
      <div className="bulk-buttons">
        <button
          type="button"
          className="button button-small button-danger-outline"
          onClick={onDelete}
          disabled={pending}
        >
          {t("delete", { count })}
        </button>
        <button type="button" className="button button-small" onClick={onClear}>
          {t("clear")}
        </button>
      </div>
    </div>
  );
}
