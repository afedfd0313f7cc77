"use client";

import { useTranslations } from "next-intl";
import { groupCategories } from "../categories/category-types";
import type { CategoryOverview } from "./transaction-types";

/**
 * The <option>s of a category picker, by group. Archived categories are left out, except the one
 * a transaction already has (it may keep it).
 */
export function CategoryOptions({
  overview,
  current,
}: {
  overview: CategoryOverview | undefined;
  current?: string | null;
}) {
  const t = useTranslations("transactions.categoryOptions");
  if (!overview) return null;
  return (
    <>
      {groupCategories(overview, t("noGroup")).map((section) => {
        const usable = section.categories.filter((category) => !category.is_archived || category.id === current);
        if (usable.length === 0) return null;
        return (
          <optgroup key={section.id ?? "none"} label={section.name}>
            {usable.map((category) => (
              <option key={category.id} value={category.id}>
                {category.is_archived ? t("archived", { name: category.name }) : category.name}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}
