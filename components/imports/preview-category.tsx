"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
  if (row.category_id === null) return null;
  const reason = row.category_reason;
  if (row.category_source === "rule") return <div className="muted small">{reason ?? "rule"}</div>;
  if (row.category_source === null) return <div className="muted small">chosen by you</div>;
  return (
    <div className="muted small" title={reason ?? undefined}>
      {row.category_source === "learned" ? "learned" : "name"}
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
  const saving = categories.saving?.row === row.row ? categories.saving : null;
  if (!editable || row.state === "invalid")
    return (
      <>
        <div>{nameOf(categories.categories?.categories, row.category_id)}</div>
        <SourceNote row={row} />
      </>
    );
  return (
    <>
      <select
        className="inline-select"
        aria-label={`Category of row ${row.row}`}
        value={(saving ? saving.categoryId : row.category_id) ?? ""}
        disabled={saving !== null}
        onChange={(event) => categories.choose(row.row, event.target.value || null)}
      >
        <option value="">Uncategorised</option>
        <CategoryOptions overview={categories.categories} current={row.category_id} />
      </select>
      {saving ? <div className="muted small">Saving…</div> : <SourceNote row={row} />}
    </>
  );
}
