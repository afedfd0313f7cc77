"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "../locale/locale-provider";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ErrorNotice, ItemButton, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { ApplicationProgress } from "./application-progress";
import { ApplyRulesDialog } from "./apply-rules-dialog";
import { RuleDialog } from "./rule-dialog";
import { draftOf, type RuleDraft } from "./rule-draft";
import { conditionsInWords, nameOf, type Rule } from "./rule-types";

const RULES_PER_PAGE = 200;
const APPLICATIONS_SHOWN = 5;

/**
 * Categorisation rules in the order they are tried: create, edit, reorder, switch off, delete; and
 * apply them to past transactions (a dry run first), with the recent applications and their Undo.
 */
export function RulesView() {
  const t = useTranslations("rules");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormat();
  const rules = trpc.categorisationRules;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ rule: Rule; draft: RuleDraft } | null>(null);
  const [applying, setApplying] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery(rules.list.queryOptions({ page, limit: RULES_PER_PAGE }));
  const applications = useQuery(rules.applications.queryOptions({ page: 1, limit: APPLICATIONS_SHOWN }));
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const accounts = useQuery(trpc.accounts.options.queryOptions());
  const refresh = () => refreshQueries(queryClient, rules.list.pathKey());
  const update = useMutation(rules.update.mutationOptions({ onSettled: () => void refresh() }));
  const remove = useConfirm(useMutation(rules.delete.mutationOptions({ onSuccess: refresh })), (rule: Rule) => ({
    id: rule.id,
  }));
  const magnitude = (value: string) => format.number(value);
  const inWords = (rule: Rule) => conditionsInWords(rule.attributes.conditions, accounts.data ?? [], t, magnitude);
  const count = list.data?.meta.total ?? 0;

  return (
    <>
      <PageHeading
        title={t("list.title")}
        description={t("list.description")}
        actions={[
          { label: t("list.applyPast"), onClick: () => setApplying(true) },
          { label: t("list.newRule"), onClick: () => setCreating(true) },
        ]}
      />
      <ErrorNotice error={update.error} />
      <QueryList
        query={list}
        loading={t("list.loading")}
        empty={t("list.empty")}
        pager={{ label: t("list.pages"), page, pageSize: RULES_PER_PAGE, onPage: setPage }}
      >
        {(items) => (
          <DataTable
            caption={t("list.caption", { count })}
            className="card-table rules-table"
            columns={[
              { label: t("list.columns.order"), className: "numeric" },
              t("list.columns.rule"),
              t("list.columns.category"),
              t("list.columns.enabled"),
            ]}
            actions
          >
            {items.map((rule) => {
              const { name, position, enabled, category_id: categoryId, set_counterparty: cleaner } = rule.attributes;
              const moving = update.isPending && update.variables?.id === rule.id;
              return (
                <tr key={rule.id} className={enabled ? undefined : "row-archived"}>
                  <td className="numeric" data-label={t("list.columns.order")}>
                    {position}
                  </td>
                  <td data-label={t("list.columns.rule")}>
                    <div>
                      <strong>{name}</strong>
                    </div>
                    <div className="muted small">{inWords(rule)}</div>
                    {cleaner ? (
                      <div className="muted small">{t("list.setsCounterparty", { name: cleaner })}</div>
                    ) : null}
                  </td>
                  <td data-label={t("list.columns.category")}>
                    {nameOf(
                      categories.data?.categories,
                      categoryId,
                      t("names.uncategorised"),
                      t("names.otherCategory"),
                    )}
                  </td>
                  <td data-label={t("list.columns.enabled")}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={enabled}
                        disabled={moving}
                        aria-label={t("list.enabledFor", { name })}
                        onChange={(event) => update.mutate({ id: rule.id, enabled: event.target.checked })}
                      />
                      <span aria-hidden="true">{enabled ? t("list.on") : t("list.off")}</span>
                    </label>
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={position === 1 || moving}
                      aria-label={t("list.moveUp", { name })}
                      onClick={() => update.mutate({ id: rule.id, position: position - 1 })}
                    >
                      ↑
                    </button>{" "}
                    <button
                      type="button"
                      className="button button-small"
                      disabled={position === count || moving}
                      aria-label={t("list.moveDown", { name })}
                      onClick={() => update.mutate({ id: rule.id, position: position + 1 })}
                    >
                      ↓
                    </button>{" "}
                    <ItemButton
                      action={t("list.edit")}
                      item={name}
                      onClick={() => setEditing({ rule, draft: draftOf(rule, magnitude) })}
                    />{" "}
                    <ItemButton action={t("list.delete")} item={name} danger onClick={() => remove.ask(rule)} />
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryList>

      <section className="stack" aria-labelledby="rule-applications-title">
        <h2 id="rule-applications-title">{t("list.applicationsTitle")}</h2>
        <QueryList query={applications} loading={t("list.applicationsLoading")} empty={t("list.applicationsEmpty")}>
          {(items) => (
            <ul className="stack rule-applications">
              {items.map((application) => (
                <li key={application.id}>
                  <p className="muted small">
                    {t("list.started", { moment: format.moment(application.attributes.created_at) })}
                  </p>
                  <ApplicationProgress id={application.id} />
                </li>
              ))}
            </ul>
          )}
        </QueryList>
      </section>

      <RuleDialog open={creating} onClose={() => setCreating(false)} onSaved={() => void refresh()} />
      <RuleDialog
        open={editing !== null}
        rule={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
      <ApplyRulesDialog
        open={applying}
        onClose={() => setApplying(false)}
        onStarted={() => void refreshQueries(queryClient, rules.applications.pathKey())}
      />
      <ConfirmDialog {...remove.dialog} title={t("list.deleteTitle")} confirmLabel={t("list.deleteConfirm")}>
        <p>
          {t.rich("list.deleteBody", {
            name: remove.item?.attributes.name ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
