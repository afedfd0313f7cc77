"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { EntityMark } from "../entity-icons";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ErrorNotice, ItemButton, PageHeading, QueryState, ToolbarCheckbox } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { CategoryFormDialog } from "./category-form-dialog";
import { groupCategories, type Category } from "./category-types";
import { GroupDialog } from "./group-dialog";

/** Categories in their groups, with aliases: create, edit, archive and bring back. */
export function CategoriesView() {
  const t = useTranslations("categories.view");
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
        title={t("title")}
        description={t("description")}
        actions={[
          { label: t("newGroup"), onClick: () => setCreatingGroup(true) },
          { label: t("newCategory"), onClick: () => setCreating(true) },
        ]}
      />
      <ToolbarCheckbox label={t("showArchived")} checked={showArchived} onChange={setShowArchived} />

      <QueryState query={list} loading={t("loading")} />
      <ErrorNotice error={unarchive.error} />
      {list.data
        ? groupCategories(list.data, t("noGroup"))
            .filter((section) => section.id !== null || section.categories.length > 0)
            .map((section) => (
              <section
                key={section.id ?? "none"}
                className="group-section"
                aria-labelledby={`group-${section.id ?? "none"}`}
              >
                <h2 id={`group-${section.id ?? "none"}`}>
                  {/* A group's name is the workspace's own word: not for a page translator. */}
                  <span translate={section.id ? "no" : undefined}>{section.name}</span>{" "}
                  <span className="muted small">{t("count", { count: section.categories.length })}</span>
                </h2>
                {section.categories.length === 0 ? (
                  <p className="muted small">{t("emptyGroup")}</p>
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
      <ConfirmDialog {...archive.dialog} title={t("archiveTitle")} confirmLabel={t("archiveConfirm")}>
        <p>
          {t.rich("archiveBody", {
            name: archive.item?.name ?? "",
            count: archive.item?.tx_count ?? 0,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
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
  const t = useTranslations("categories.table");
  return (
    <DataTable
      className="category-table card-table"
      columns={[
        { label: t("columns.name"), className: "col-name" },
        t("columns.aliases"),
        { label: t("columns.transactions"), className: "money-cell" },
      ]}
      actions
    >
      {categories.map((category) => (
        <tr key={category.id} className={category.is_archived ? "row-archived" : undefined}>
          <td>
            <span className="name-cell">
              <EntityMark icon={category.icon_name} color={category.accent_color} />
              {category.name}
              {category.is_system ? <span className="badge">{t("builtIn")}</span> : null}
              {category.is_archived ? <span className="badge badge-archived">{t("archived")}</span> : null}
            </span>
          </td>
          <td data-label={t("columns.aliases")}>
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
          <td className="money-cell" data-label={t("columns.transactions")}>
            {category.tx_count}
          </td>
          <td className="actions">
            <ItemButton action={t("edit")} item={category.name} onClick={() => onEdit(category)} />{" "}
            {category.is_archived ? (
              <ItemButton action={t("unarchive")} item={category.name} onClick={() => onUnarchive(category)} />
            ) : (
              <ItemButton action={t("archive")} item={category.name} danger onClick={() => onArchive(category)} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
