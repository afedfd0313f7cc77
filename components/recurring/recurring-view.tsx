"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "../manage-fields";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ErrorNotice, ItemButton, PageHeading, QueryList } from "../page-parts";
import { useFormat } from "../locale/locale-provider";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { RECURRING_KINDS } from "@/server/routers/recurring-rules/schemas";
import { RecurringRuleDialog, type RecurringRule, type RuleSuggestion } from "./recurring-rule-dialog";
import { FREQUENCIES, RECURRING_TYPES } from "@/server/domain/recurring/rule-problems";

const PAGE_SIZE = 50;
type StatusFilter = "" | "active" | "paused" | "ended";
type KindFilter = "" | "rule" | "subscription";

/**
 * A new rule suggested by the link's query (`?new=1&name=...&type=...&kind=...&amount=...&frequency=...`,
 * the Reports page's "Create rule"), or null. Unknown values are left to the form's defaults.
 */
function suggestionFrom(params: URLSearchParams): RuleSuggestion | null {
  if (params.get("new") !== "1") return null;
  const suggestion: RuleSuggestion = {};
  const text = (name: keyof RuleSuggestion) => {
    const value = params.get(name)?.trim();
    if (value) suggestion[name] = value;
  };
  text("name");
  text("amount");
  const type = params.get("type");
  if (type && (RECURRING_TYPES as readonly string[]).includes(type)) suggestion.type = type;
  const kind = params.get("kind");
  if (kind && (RECURRING_KINDS as readonly string[]).includes(kind)) suggestion.kind = kind;
  const frequency = params.get("frequency");
  if (frequency && (FREQUENCIES as readonly string[]).includes(frequency)) suggestion.frequency = frequency;
  return suggestion;
}

/** Recurring rules and subscriptions: list with next occurrence, create, edit, pause, resume, end. */
export function RecurringView() {
  const t = useTranslations("recurring.view");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const searchParams = useSearchParams();
  const [suggestion] = useState(() => suggestionFrom(new URLSearchParams(searchParams.toString())));
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>("");
  const [kind, setKind] = useState<KindFilter>("");
  const [editing, setEditing] = useState<RecurringRule | "new" | null>(suggestion ? "new" : null);
  const [suggesting, setSuggesting] = useState(suggestion !== null);
  const list = useQuery(
    trpc.recurringRules.list.queryOptions({
      page,
      limit: PAGE_SIZE,
      status: status || undefined,
      kind: kind || undefined,
    }),
  );
  const refresh = () => refreshQueries(queryClient, trpc.recurringRules.list.queryKey());
  const pause = useMutation(trpc.recurringRules.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.recurringRules.resume.mutationOptions({ onSuccess: refresh }));
  const end = useConfirm(
    useMutation(trpc.recurringRules.end.mutationOptions({ onSuccess: refresh })),
    (rule: RecurringRule) => ({ id: rule.id }),
  );

  return (
    <>
      <PageHeading
        title={t("title")}
        description={t("description")}
        actions={[{ label: t("newRule"), onClick: () => setEditing("new") }]}
      />

      <div className="filters">
        <SelectField
          label={t("status")}
          name="status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
          options={[
            { value: "", label: t("statuses.all") },
            { value: "active", label: t("statuses.active") },
            { value: "paused", label: t("statuses.paused") },
            { value: "ended", label: t("statuses.ended") },
          ]}
        />
        <SelectField
          label={t("kind")}
          name="kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as KindFilter);
            setPage(1);
          }}
          options={[
            { value: "", label: t("kinds.all") },
            { value: "rule", label: t("kinds.rule") },
            { value: "subscription", label: t("kinds.subscription") },
          ]}
        />
      </div>

      <ErrorNotice error={pause.error ?? resume.error} />
      <QueryList
        query={list}
        loading={t("loading")}
        empty={t("empty")}
        pager={{ label: t("pages"), page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(rules) => (
          <DataTable
            className="card-table"
            caption={t("caption")}
            columns={[
              t("columns.name"),
              { label: t("columns.amount"), className: "numeric" },
              t("columns.account"),
              t("columns.schedule"),
              t("columns.next"),
              t("columns.status"),
            ]}
            actions
          >
            {rules.map((rule) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                busy={pause.isPending || resume.isPending}
                onEdit={() => setEditing(rule)}
                onPause={() => {
                  resume.reset();
                  pause.mutate({ id: rule.id });
                }}
                onResume={() => {
                  pause.reset();
                  resume.mutate({ id: rule.id });
                }}
                onEnd={() => end.ask(rule)}
              />
            ))}
          </DataTable>
        )}
      </QueryList>

      <RecurringRuleDialog
        rule={editing === "new" ? null : editing}
        suggestion={suggesting && suggestion ? suggestion : undefined}
        open={editing !== null}
        onClose={() => {
          setEditing(null);
          if (suggesting) {
            // The suggestion is used once: "New rule" afterwards starts empty, and a reload does not reopen it.
            setSuggesting(false);
            router.replace("/recurring");
          }
        }}
        onSaved={() => void refresh()}
      />
      <ConfirmDialog {...end.dialog} title={t("endTitle")} confirmLabel={t("endConfirm")}>
        <p>{t.rich("endBody", { name: end.item?.name ?? "", strong: (chunks) => <strong>{chunks}</strong> })}</p>
      </ConfirmDialog>
    </>
  );
}

function RuleRow({
  rule,
  busy,
  onEdit,
  onPause,
  onResume,
  onEnd,
}: {
  rule: RecurringRule;
  busy: boolean;
  onEdit: () => void;
  onPause: () => void;
  onResume: () => void;
  onEnd: () => void;
}) {
  const t = useTranslations("recurring");
  const format = useFormat();
  const sign = rule.type === "expense" ? "-" : rule.type === "income" ? "+" : "";
  return (
    <tr>
      <td>
        <span className="row-title">{rule.name}</span>
        <span className="row-detail">
          {rule.kind === "subscription" ? <span className="badge">{t("row.subscription")}</span> : null}{" "}
          {t("type", { type: rule.type })}
          {rule.category_name ? ` · ${rule.category_name}` : ""}
        </span>
      </td>
      <td className={`numeric amount-${rule.type} card-figure`}>
        {format.money(`${sign}${rule.amount}`, rule.currency_code)}
      </td>
      <td data-label={t("view.columns.account")}>
        {rule.account_name}
        {rule.destination_account_name ? ` → ${rule.destination_account_name}` : ""}
      </td>
      <td data-label={t("view.columns.schedule")}>
        {rule.frequency === "custom"
          ? t("row.everyDays", {
              days: rule.custom_interval_days === null ? "?" : format.number(rule.custom_interval_days),
            })
          : t("frequency", { frequency: rule.frequency })}
        <span className="row-detail">
          {rule.end_date
            ? t("row.fromTo", { start: format.day(rule.start_date), end: format.day(rule.end_date) })
            : t("row.from", { start: format.day(rule.start_date) })}
        </span>
      </td>
      <td className="nowrap" data-label={t("view.columns.next")}>
        {format.day(rule.next_occurrence_date)}
      </td>
      <td data-label={t("view.columns.status")}>
        <span className={`badge badge-${rule.status}`}>{t("row.status", { status: rule.status })}</span>
      </td>
      <td className="actions">
        <div className="row-actions">
          <ItemButton action={t("row.edit")} item={rule.name} onClick={onEdit} />
          {rule.status === "active" ? (
            <ItemButton action={t("row.pause")} item={rule.name} onClick={onPause} disabled={busy} />
          ) : null}
          {rule.status === "paused" ? (
            <ItemButton action={t("row.resume")} item={rule.name} onClick={onResume} disabled={busy} />
          ) : null}
          {rule.status !== "ended" ? (
            <ItemButton action={t("row.end")} item={rule.name} danger onClick={onEnd} />
          ) : null}
        </div>
      </td>
    </tr>
  );
}
