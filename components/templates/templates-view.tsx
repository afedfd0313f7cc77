"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { plural } from "../format";
import { useFormat } from "../locale/locale-provider";
import { DataTable, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { TemplateFormDialog } from "./template-form-dialog";
import { DIRECTION_LABELS, type TemplateItem } from "./template-types";
import { UseTemplateDialog, type TemplateUsedSummary } from "./use-template-dialog";

/** Transaction templates: saved defaults for what is booked again and again, and booking from them. */
export function TemplatesView() {
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
        title="Templates"
        description={
          <>
            Saved defaults for transactions you book again and again: the wallet, category, amount and description.
            Create a transaction from one in two clicks.
          </>
        }
        actions={[{ label: "New template", onClick: () => setCreating(true) }]}
      />

      {used ? (
        <p role="status" className="notice notice-success template-used">
          Created {plural(used.count, "transaction", "transactions")} from {used.template}; it has been used{" "}
          {plural(used.usageCount, "time", "times")}.
        </p>
      ) : null}
      <QueryList
        query={list}
        loading="Loading templates…"
        empty="No templates yet. Save one for a payment you make often."
      >
        {(templates) => (
          <DataTable
            className="card-table"
            caption="Transaction templates, newest first"
            columns={[
              "Name",
              "Direction",
              "Wallets",
              "Category",
              { label: "Amount", className: "money-cell" },
              { label: "Used", className: "numeric" },
              "Last used",
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
  const format = useFormat();
  const { fields, prefill } = template;
  const wallets = [fields.sourceWallet?.name, fields.targetWallet?.name].filter(Boolean).join(" → ");
  return (
    <tr>
      <td>
        <span className="row-title">{template.name}</span>
        {fields.description ? <span className="row-detail">{fields.description}</span> : null}
        {fields.recurrencePreset ? <span className="row-detail">repeats {fields.recurrencePreset}</span> : null}
      </td>
      <td data-label="Direction">
        <span className={`badge badge-direction-${template.direction}`}>{DIRECTION_LABELS[template.direction]}</span>
      </td>
      <td data-label="Wallets">{wallets || <span className="muted">—</span>}</td>
      <td data-label="Category">{fields.category?.name ?? <span className="muted">—</span>}</td>
      <td className="money-cell nowrap card-figure">
        {prefill.amount ? format.money(prefill.amount, prefill.currency_code ?? "") : <span className="muted">—</span>}
      </td>
      <td className="numeric" data-label="Used">
        {template.usageCount}
      </td>
      <td className="nowrap" data-label="Last used">
        {format.moment(template.lastUsedAt)}
      </td>
      <td className="actions">
        <button
          type="button"
          className="button button-small"
          onClick={onUse}
          aria-label={`Create transaction from ${template.name}`}
        >
          Create transaction
        </button>
      </td>
    </tr>
  );
}
