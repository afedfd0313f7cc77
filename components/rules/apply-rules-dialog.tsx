"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormAlert } from "../form-fields";
import { plural } from "../format";
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
  return (
    <Modal open={open} title="Apply rules to past transactions" onClose={onClose} className="modal-wide">
      <ApplyRules onClose={onClose} onStarted={onStarted} />
    </Modal>
  );
}

function ApplyRules({ onClose, onStarted }: { onClose: () => void; onStarted: (applicationId: string) => void }) {
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
      <p>
        Your enabled rules, in their order, are tried on the transactions you already have; the first that matches files
        it. First see what would change; nothing changes until you apply, and Undo puts everything back.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={onlyUncategorised}
          onChange={(event) => {
            setOnlyUncategorised(event.target.checked);
            setPreview(null);
          }}
        />
        Only transactions without a category
      </label>
      {preview ? <PreviewChanges preview={preview} categories={categories.data?.categories} /> : null}
      <FormAlert message={apply.error ? errorMessage(apply.error) : null} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        {preview === null ? (
          <button type="button" className="button button-primary" disabled={apply.isPending} onClick={dryRun}>
            {apply.isPending ? "Looking…" : "Show what would change"}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={apply.isPending || changeCount === 0}
            onClick={start}
          >
            {apply.isPending ? "Starting…" : `Apply to ${plural(changeCount, "transaction", "transactions")}`}
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
  const format = useFormat();
  const { examined_count: examined, change_count: count, changes } = preview.attributes;
  return (
    <div className="stack">
      <p role="status" className={count > 0 ? "notice notice-info" : "notice"}>
        {count === 0
          ? `No change: none of the ${plural(examined, "transaction", "transactions")} examined is matched by a rule.`
          : `${plural(count, "transaction", "transactions")} of ${examined} examined would change.`}
        {changes.length > SHOWN_CHANGES ? ` The first ${SHOWN_CHANGES}:` : ""}
      </p>
      {changes.length > 0 ? (
        <DataTable
          caption="Changes the rules would make"
          className="card-table"
          columns={["Date", "Description", { label: "Amount", className: "money-cell" }, "Category"]}
        >
          {changes.slice(0, SHOWN_CHANGES).map((change) => (
            <tr key={change.transaction_id}>
              <td className="nowrap" data-label="Date">
                {format.day(change.date)}
              </td>
              <td data-label="Description">{change.description}</td>
              <td className="money-cell nowrap" data-label="Amount">
                {format.number(change.amount)}
              </td>
              <td data-label="Category">
                {nameOf(categories, change.from_category_id)} → {nameOf(categories, change.to_category_id)}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </div>
  );
}
