"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "../locale/locale-provider";
import { DataTable, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { TemplateFormDialog } from "./template-form-dialog";
import type { TemplateItem } from "./template-types";
import { UseTemplateDialog, type TemplateUsedSummary } from "./use-template-dialog";

/** Transaction templates: saved defaults for what is booked again and again, and booking from them. */
export function TemplatesView() {
  const t = useTranslations("templates.view");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.transactionTemplates.list.queryOptions());
  const choices = useQuery(trpc.transactionTemplates.choices.queryOptions());
  const [creating, setCreating] = useState(false);
  const [using, setUsing] = useState<TemplateItem | null>(null);
  const [used, setUsed] = useState<TemplateUsedSummary | null>(null);
  // Booking changes balances and transaction lists elsewhere in the dashboard too.
  const refresh = () => refreshQueries(queryClient);

  return (
    <>
      <PageHeading
        title={t("title")}
        description={t("description")}
        actions={[{ label: t("newTemplate"), onClick: () => setCreating(true) }]}
      />

      {used ? (
        <p role="status" className="notice notice-success template-used">
          {t("used", { count: used.count, template: used.template, usageCount: used.usageCount })}
        </p>
      ) : null}
      <QueryList query={list} loading={t("loading")} empty={t("empty")}>
        {(templates) => (
          <DataTable
            className="card-table"
            caption={t("caption")}
            columns={[
              t("columns.name"),
              t("columns.direction"),
              t("columns.wallets"),
              t("columns.category"),
              { label: t("columns.amount"), className: "money-cell" },
              { label: t("columns.used"), className: "numeric" },
              t("columns.lastUsed"),
            ]}
            actions
          >
            {templates.map((template) => (
              <TemplateRow key={template.id} template={template} onUse={() => setUsing(template)} />
            ))}
          </DataTable>
        )}
      </QueryList>

      <TemplateFormDialog
        open={creating}
        choices={choices.data}
        onClose={() => setCreating(false)}
        onSaved={() => void refresh()}
      />
      <UseTemplateDialog
        template={using}
        choices={choices.data}
        onClose={() => setUsing(null)}
        onUsed={(summary) => {
          setUsed(summary);
          void refresh();
        }}
      />
    </>
  );
}

function TemplateRow({ template, onUse }: { template: TemplateItem; onUse: () => void }) {
  const t = useTranslations("templates");
  const format = useFormat();
  const { fields, prefill } = template;
  const wallets = [fields.sourceWallet?.name, fields.targetWallet?.name].filter(Boolean).join(" → ");
  return (
    <tr>
      <td>
        <span className="row-title">{template.name}</span>
        {fields.description ? <span className="row-detail">{fields.description}</span> : null}
        {fields.recurrencePreset ? (
          <span className="row-detail">{t("view.repeats", { preset: fields.recurrencePreset })}</span>
        ) : null}
      </td>
      <td data-label={t("view.columns.direction")}>
        <span className={`badge badge-direction-${template.direction}`}>
          {t("direction", { direction: template.direction })}
        </span>
      </td>
      <td data-label={t("view.columns.wallets")}>{wallets || <span className="muted">—</span>}</td>
      <td data-label={t("view.columns.category")}>{fields.category?.name ?? <span className="muted">—</span>}</td>
      <td className="money-cell nowrap card-figure">
        {prefill.amount ? format.money(prefill.amount, prefill.currency_code ?? "") : <span className="muted">—</span>}
      </td>
      <td className="numeric" data-label={t("view.columns.used")}>
        {template.usageCount}
      </td>
      <td className="nowrap" data-label={t("view.columns.lastUsed")}>
        {format.moment(template.lastUsedAt)}
      </td>
      <td className="actions">
        <button
          type="button"
          className="button button-small"
          onClick={onUse}
          aria-label={t("view.createTransactionFrom", { name: template.name })}
        >
          {t("view.createTransaction")}
        </button>
      </td>
    </tr>
  );
}
