"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { plural } from "../format";
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
  const inWords = (rule: Rule) => conditionsInWords(rule.attributes.conditions, accounts.data ?? [], magnitude);
  const count = list.data?.meta.total ?? 0;

  return (
    <>
      <PageHeading
        title="Rules"
        description="Rules file transactions into categories as they are imported: the first matching rule wins. Apply them to the transactions you already have too."
        actions={[
          { label: "Apply to past transactions", onClick: () => setApplying(true) },
          { label: "New rule", onClick: () => setCreating(true) },
        ]}
      />
      <ErrorNotice error={update.error} />
      <QueryList
        query={list}
        loading="Loading rules…"
        empty="No rules yet. Create one here, or choose “Always” after you categorise a transaction."
        pager={{ label: "Rule pages", page, pageSize: RULES_PER_PAGE, onPage: setPage }}
      >
        {(items) => (
          <DataTable
            caption={`Rules, in the order they are tried (${plural(count, "rule", "rules")})`}
            className="card-table rules-table"
            columns={[{ label: "Order", className: "numeric" }, "Rule", "Category", "Enabled"]}
            actions
          >
            {items.map((rule) => {
              const { name, position, enabled, category_id: categoryId, set_counterparty: cleaner } = rule.attributes;
              const moving = update.isPending && update.variables?.id === rule.id;
              return (
                <tr key={rule.id} className={enabled ? undefined : "row-archived"}>
                  <td className="numeric" data-label="Order">
                    {position}
                  </td>
                  <td data-label="Rule">
                    <div>
                      <strong>{name}</strong>
                    </div>
                    <div className="muted small">{inWords(rule)}</div>
                    {cleaner ? <div className="muted small">Sets the counterparty to “{cleaner}”</div> : null}
                  </td>
                  <td data-label="Category">{nameOf(categories.data?.categories, categoryId)}</td>
                  <td data-label="Enabled">
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={enabled}
                        disabled={moving}
                        aria-label={`Enabled: ${name}`}
                        onChange={(event) => update.mutate({ id: rule.id, enabled: event.target.checked })}
                      />
                      <span aria-hidden="true">{enabled ? "On" : "Off"}</span>
                    </label>
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={position === 1 || moving}
                      aria-label={`Move ${name} up`}
                      onClick={() => update.mutate({ id: rule.id, position: position - 1 })}
                    >
                      ↑
                    </button>{" "}
                    <button
                      type="button"
                      className="button button-small"
                      disabled={position === count || moving}
                      aria-label={`Move ${name} down`}
                      onClick={() => update.mutate({ id: rule.id, position: position + 1 })}
                    >
                      ↓
                    </button>{" "}
                    <ItemButton
                      action="Edit"
                      item={name}
                      onClick={() => setEditing({ rule, draft: draftOf(rule, magnitude) })}
                    />{" "}
                    <ItemButton action="Delete" item={name} danger onClick={() => remove.ask(rule)} />
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryList>

      <section className="stack" aria-labelledby="rule-applications-title">
        <h2 id="rule-applications-title">Applied to past transactions</h2>
        <QueryList
          query={applications}
          loading="Loading applications…"
          empty="The rules have not been applied to past transactions yet."
        >
          {(items) => (
            <ul className="stack rule-applications">
              {items.map((application) => (
                <li key={application.id}>
                  <p className="muted small">Started {format.moment(application.attributes.created_at)}</p>
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
      <ConfirmDialog {...remove.dialog} title="Delete rule?" confirmLabel="Delete rule">
        <p>
          <strong>{remove.item?.attributes.name}</strong> no longer files imported transactions. The categories it
          already gave stay; undo an application to take them back.
        </p>
      </ConfirmDialog>
    </>
  );
}
