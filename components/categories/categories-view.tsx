"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { plural } from "../format";
import { ColorDot } from "../manage-fields";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ErrorNotice, ItemButton, PageHeading, QueryState, ToolbarCheckbox } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { CategoryFormDialog } from "./category-form-dialog";
import { groupCategories, type Category } from "./category-types";
import { GroupDialog } from "./group-dialog";

/** Categories in their groups, with aliases: create, edit, archive and bring back. */
export function CategoriesView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const [creatingGroup, setCreatingGroup] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);
  const list = useQuery(trpc.categories.overview.queryOptions({ include_archived: showArchived }));
  const refresh = () => refreshQueries(queryClient, trpc.categories.pathKey());
  const archive = useConfirm(
    useMutation(trpc.categories.archive.mutationOptions({ onSuccess: refresh })),
    (category: Category) => ({ id: category.id }),
  );
  const unarchive = useMutation(trpc.categories.unarchive.mutationOptions({ onSuccess: () => void refresh() }));
  const groups = list.data?.groups ?? [];

  return (
    <>
      <PageHeading
        title="Categories"
        description="What your expenses and income are for. Aliases are other names a bank may print for them."
        actions={[
          { label: "New group", onClick: () => setCreatingGroup(true) },
          { label: "New category", onClick: () => setCreating(true) },
        ]}
      />
      <ToolbarCheckbox label="Show archived categories" checked={showArchived} onChange={setShowArchived} />

      <QueryState query={list} loading="Loading categories…" />
      <ErrorNotice error={unarchive.error} />
      {list.data
        ? groupCategories(list.data)
            .filter((section) => section.id !== null || section.categories.length > 0)
            .map((section) => (
              <section
                key={section.id ?? "none"}
                className="group-section"
                aria-labelledby={`group-${section.id ?? "none"}`}
              >
                <h2 id={`group-${section.id ?? "none"}`}>
                  {section.name}{" "}
                  <span className="muted small">{plural(section.categories.length, "category", "categories")}</span>
                </h2>
                {section.categories.length === 0 ? (
                  <p className="muted small">No categories in this group yet.</p>
                ) : (
                  <CategoryTable
                    categories={section.categories}
                    onEdit={setEditing}
                    onArchive={archive.ask}
                    onUnarchive={(category) => unarchive.mutate({ id: category.id })}
                  />
                )}
              </section>
            ))
        : null}

      <CategoryFormDialog
        open={creating}
        groups={groups}
        onClose={() => setCreating(false)}
        onSaved={() => void refresh()}
      />
      <CategoryFormDialog
        open={editing !== null}
        category={editing ?? undefined}
        groups={groups}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
      <GroupDialog
        kind="category"
        open={creatingGroup}
        onClose={() => setCreatingGroup(false)}
        onCreated={() => void refresh()}
      />
      <ConfirmDialog {...archive.dialog} title="Archive category?" confirmLabel="Archive category">
        <p>
          <strong>{archive.item?.name}</strong> can no longer be chosen for transactions. The{" "}
          {plural(archive.item?.tx_count ?? 0, "transaction", "transactions")} filed under it keep it, and you can bring
          it back at any time.
        </p>
      </ConfirmDialog>
    </>
  );
}

function CategoryTable({
  categories,
  onEdit,
  onArchive,
  onUnarchive,
}: {
  categories: Category[];
  onEdit: (c: Category) => void;
  onArchive: (c: Category) => void;
  onUnarchive: (c: Category) => void;
}) {
  return (
    <DataTable
      className="category-table card-table"
      columns={[
        { label: "Name", className: "col-name" },
        "Aliases",
        { label: "Transactions", className: "money-cell" },
      ]}
      actions
    >
      {categories.map((category) => (
        <tr key={category.id} className={category.is_archived ? "row-archived" : undefined}>
          <td>
            <span className="name-cell">
              <ColorDot color={category.accent_color} />
              {category.name}
              {category.is_system ? <span className="badge">built-in</span> : null}
              {category.is_archived ? <span className="badge badge-archived">archived</span> : null}
            </span>
          </td>
          <td data-label="Aliases">
            {category.aliases.length > 0 ? (
              <ul className="chips">
                {category.aliases.map((alias) => (
                  <li key={alias}>
                    <code>{alias}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">–</span>
            )}
          </td>
          <td className="money-cell" data-label="Transactions">
            {category.tx_count}
          </td>
          <td className="actions">
            <ItemButton action="Edit" item={category.name} onClick={() => onEdit(category)} />{" "}
            {category.is_archived ? (
              <ItemButton action="Unarchive" item={category.name} onClick={() => onUnarchive(category)} />
            ) : (
              <ItemButton action="Archive" item={category.name} danger onClick={() => onArchive(category)} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
