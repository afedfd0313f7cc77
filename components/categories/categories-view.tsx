"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { plural } from "../format";
import { ColorDot } from "../manage-fields";
import { ConfirmDialog } from "../modal";
import { useTRPC } from "../trpc-provider";
import { errorMessage } from "../trpc-errors";
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
  const [archiving, setArchiving] = useState<Category | null>(null);
  const list = useQuery(trpc.manage.categories.list.queryOptions({ include_archived: showArchived }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.manage.categories.pathKey() });
  const archive = useMutation(trpc.manage.categories.archive.mutationOptions({ onSuccess: async () => { await refresh(); setArchiving(null); } }));
  const unarchive = useMutation(trpc.manage.categories.unarchive.mutationOptions({ onSuccess: () => void refresh() }));
  const groups = list.data?.groups ?? [];

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Categories</h1>
          <p className="muted">What your expenses and income are for. Aliases are other names a bank may print for them.</p>
        </div>
        <div className="heading-actions">
          <button type="button" className="button" onClick={() => setCreatingGroup(true)}>New group</button>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>New category</button>
        </div>
      </div>
      <div className="toolbar">
        <label className="checkbox">
          <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          Show archived categories
        </label>
      </div>

      {list.isPending ? <p className="muted">Loading categories…</p> : null}
      {list.isError ? <p role="alert" className="notice notice-error">{errorMessage(list.error)}</p> : null}
      {unarchive.isError ? <p role="alert" className="notice notice-error">{errorMessage(unarchive.error)}</p> : null}
      {list.data
        ? groupCategories(list.data)
            .filter((section) => section.id !== null || section.categories.length > 0)
            .map((section) => (
              <section key={section.id ?? "none"} className="group-section" aria-labelledby={`group-${section.id ?? "none"}`}>
                <h2 id={`group-${section.id ?? "none"}`}>
                  {section.name} <span className="muted small">{plural(section.categories.length, "category", "categories")}</span>
                </h2>
                {section.categories.length === 0 ? (
                  <p className="muted small">No categories in this group yet.</p>
                ) : (
                  <CategoryTable categories={section.categories} onEdit={setEditing} onArchive={setArchiving} onUnarchive={(category) => unarchive.mutate({ id: category.id })} />
                )}
              </section>
            ))
        : null}

      <CategoryFormDialog open={creating} groups={groups} onClose={() => setCreating(false)} onSaved={() => void refresh()} />
      <CategoryFormDialog open={editing !== null} category={editing ?? undefined} groups={groups} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <GroupDialog kind="category" open={creatingGroup} onClose={() => setCreatingGroup(false)} onCreated={() => void refresh()} />
      <ConfirmDialog
        open={archiving !== null}
        title="Archive category?"
        confirmLabel="Archive category"
        pending={archive.isPending}
        error={archive.error ? errorMessage(archive.error) : null}
        onCancel={() => { setArchiving(null); archive.reset(); }}
        onConfirm={() => archiving && archive.mutate({ id: archiving.id })}
      >
        <p>
          <strong>{archiving?.name}</strong> can no longer be chosen for transactions. The {plural(archiving?.tx_count ?? 0, "transaction", "transactions")} filed
          under it keep it, and you can bring it back at any time.
        </p>
      </ConfirmDialog>
    </>
  );
}

function CategoryTable({ categories, onEdit, onArchive, onUnarchive }: { categories: Category[]; onEdit: (c: Category) => void; onArchive: (c: Category) => void; onUnarchive: (c: Category) => void }) {
  return (
    <div className="table-scroll">
      <table className="table category-table">
        <thead>
          <tr>
            <th scope="col" className="col-name">Name</th>
            <th scope="col">Aliases</th>
            <th scope="col" className="money-cell">Transactions</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
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
              <td>
                {category.aliases.length > 0 ? (
                  <ul className="chips">
                    {category.aliases.map((alias) => <li key={alias}><code>{alias}</code></li>)}
                  </ul>
                ) : <span className="muted">–</span>}
              </td>
              <td className="money-cell">{category.tx_count}</td>
              <td className="actions">
                <button type="button" className="button button-small" onClick={() => onEdit(category)} aria-label={`Edit ${category.name}`}>Edit</button>{" "}
                {category.is_archived ? (
                  <button type="button" className="button button-small" onClick={() => onUnarchive(category)} aria-label={`Unarchive ${category.name}`}>Unarchive</button>
                ) : (
                  <button type="button" className="button button-small button-danger-outline" onClick={() => onArchive(category)} aria-label={`Archive ${category.name}`}>Archive</button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
