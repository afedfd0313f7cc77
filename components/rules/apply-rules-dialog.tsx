"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { Modal } from "../modal";
import { DataTable } from "../page-parts";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { nameOf, type RulePreview } from "./rule-types";

const SHOWN_CHANGES = 20;

/**
 * "Apply to past transactions": a dry run first (how many would change, the first changes from →
 * to), then the application itself, which runs in the background; `onStarted` gets its id.
 */
export function ApplyRulesDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (applicationId: string) => void;
}) {
  const t = useTranslations("rules.applyDialog");
  return (
    <Modal open={open} title={t("title")} onClose={onClose} className="modal-wide">
      <ApplyRules onClose={onClose} onStarted={onStarted} />
    </Modal>
  );
}

function ApplyRules({ onClose, onStarted }: { onClose: () => void; onStarted: (applicationId: string) => void }) {
  const t = useTranslations("rules.applyDialog");
  const trpc = useTRPC();
  const [onlyUncategorised, setOnlyUncategorised] = useState(true);
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const apply = useMutation(trpc.categorisationRules.applyRules.mutationOptions());

  const dryRun = () =>
    apply.mutate(
      { only_uncategorised: onlyUncategorised, dry_run: true },
      { onSuccess: ({ data }) => setPreview(data.type === "rule_application_previews" ? data : null) },
    );
  const start = () =>
    apply.mutate(
      { only_uncategorised: onlyUncategorised, dry_run: false },
      {
        onSuccess: ({ data }) => {
          if (data.type !== "rule_applications") return;
          onStarted(data.id);
          onClose();
        },
      },
    );
  const changeCount = preview?.attributes.change_count ?? 0;

  return (
    <div className="stack">
      <p>{t("intro")}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={onlyUncategorised}
          onChange={(event) => {
            setOnlyUncategorised(event.target.checked);
            setPreview(null);
          }}
        />
        {t("onlyUncategorised")}
      </label>
      {preview ? <PreviewChanges preview={preview} categories={categories.data?.categories} /> : null}
      <FormAlert message={apply.error ? errorMessage(apply.error) : null} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("cancel")}
        </button>
        {preview === null ? (
          <button type="button" className="button button-primary" disabled={apply.isPending} onClick={dryRun}>
            {apply.isPending ? t("looking") : t("preview")}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={apply.isPending || changeCount === 0}
            onClick={start}
          >
            {apply.isPending ? t("starting") : t("apply", { count: changeCount })}
          </button>
        )}
      </div>
    </div>
  );
}

function PreviewChanges({
  preview,
  categories,
}: {
  preview: RulePreview;
  categories: ReadonlyArray<{ id: string; name: string }> | undefined;
}) {
  const t = useTranslations("rules");
  const format = useFormat();
  const { examined_count: examined, change_count: count, changes } = preview.attributes;
  const category = (id: string | null) => nameOf(categories, id, t("names.uncategorised"), t("names.otherCategory"));
  return (
    <div className="stack">
      <p role="status" className={count > 0 ? "notice notice-info" : "notice"}>
        {count === 0
          ? t("applyDialog.noChange", { examined })
          : t("applyDialog.wouldChange", { count, examined: format.number(examined) })}
        {changes.length > SHOWN_CHANGES
          ? ` ${t("applyDialog.firstShown", { count: format.number(SHOWN_CHANGES) })}`
          : ""}
      </p>
      {changes.length > 0 ? (
        <DataTable
          caption={t("applyDialog.caption")}
          className="card-table"
          columns={[
            t("applyDialog.columns.date"),
            t("applyDialog.columns.description"),
            { label: t("applyDialog.columns.amount"), className: "money-cell" },
            t("applyDialog.columns.category"),
          ]}
        >
          {changes.slice(0, SHOWN_CHANGES).map((change) => (
            <tr key={change.transaction_id}>
              <td className="nowrap" data-label={t("applyDialog.columns.date")}>
                {format.day(change.date)}
              </td>
              <td data-label={t("applyDialog.columns.description")}>{change.description}</td>
              <td className="money-cell nowrap" data-label={t("applyDialog.columns.amount")}>
                {format.money(change.amount, change.currency_code)}
              </td>
              <td data-label={t("applyDialog.columns.category")}>
                {category(change.from_category_id)} → {category(change.to_category_id)}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </div>
  );
}
