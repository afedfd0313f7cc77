"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { CategoryOptions } from "../transactions/category-options";
import { nameOf } from "../rules/rule-types";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import type { PreviewRow } from "./import-types";

/** A preview row's category as chosen before confirming: the categories to choose from, and the save of one row. */
export function usePreviewCategories(jobId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const edit = useMutation(
    trpc.imports.editPreview.mutationOptions({
      // Every page of this import's preview: the row shows its new category, without a source.
      onSuccess: () => refreshQueries(queryClient, trpc.imports.get.queryKey({ id: jobId })),
    }),
  );
  const saving = edit.isPending ? (edit.variables?.rows[0] ?? null) : null;
  return {
    categories: categories.data,
    error: edit.error,
    /** The row being saved and the category it gets, shown at once. */
    saving: saving ? { row: saving.row, categoryId: saving.category_id ?? null } : null,
    choose: (row: number, categoryId: string | null) =>
      edit.mutate({ id: jobId, rows: [{ row, category_id: categoryId }] }),
  };
}

export type PreviewCategories = ReturnType<typeof usePreviewCategories>;

/** Where the category came from, in a word, with the service's reason on hover and for screen readers. */
function SourceNote({ row }: { row: PreviewRow }) {
  const t = useTranslations("imports.category");
  if (row.category_id === null) return null;
  // The reason is the service's own words ("rule “REWE”"), sent with no code to word it here: shown as it comes.
  const reason = row.category_reason;
  if (row.category_source === "rule") return <div className="muted small">{reason ?? t("rule")}</div>;
  if (row.category_source === null) return <div className="muted small">{t("chosenByYou")}</div>;
  return (
    <div className="muted small" title={reason ?? undefined}>
      {t("source", { source: row.category_source })}
      {reason ? <span className="visually-hidden">: {reason}</span> : null}
    </div>
  );
}

/**
 * The category a preview row will be booked with, and where it came from (rule “REWE”, learned,
 * name); a select while the import can still be changed (rows with problems are never booked).
 */
export function PreviewCategoryCell({
  row,
  editable,
  categories,
}: {
  row: PreviewRow;
  editable: boolean;
  categories: PreviewCategories;
}) {
  const t = useTranslations("imports.category");
  const saving = categories.saving?.row === row.row ? categories.saving : null;
  if (!editable || row.state === "invalid")
    return (
      <>
        <div>
          {nameOf(categories.categories?.categories, row.category_id, t("uncategorised"), t("anotherCategory"))}
        </div>
        <SourceNote row={row} />
      </>
    );
  return (
    <>
      <select
        className="inline-select"
        aria-label={t("label", { row: String(row.row) })}
        value={(saving ? saving.categoryId : row.category_id) ?? ""}
        disabled={saving !== null}
        onChange={(event) => categories.choose(row.row, event.target.value || null)}
      >
        <option value="">{t("uncategorised")}</option>
        <CategoryOptions overview={categories.categories} current={row.category_id} />
      </select>
      {saving ? <div className="muted small">{t("saving")}</div> : <SourceNote row={row} />}
    </>
  );
}
