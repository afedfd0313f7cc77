"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { plural } from "../format";
import { useFormat } from "../locale/locale-provider";
import { ConfirmDialog, useConfirm } from "../modal";
import { ErrorNotice } from "../page-parts";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { AmountSemanticsChoice } from "./amount-semantics-choice";
import {
  AMOUNT_SEMANTICS,
  isRunning,
  STATUS_LABELS,
  type AmountSemantics,
  type ImportJob,
  type ParseOptions,
} from "./import-types";
import { usePreviewCategories } from "./preview-category";
import { PreviewTable } from "./preview-table";
import { ReadingEditor } from "./reading-editor";
import { useRememberedReadings } from "./remembered-readings";

/** Files with columns a person can name; OFX and MT940 say how they are read. */
const TABLE_FILES = new Set(["csv", "xlsx", "xls"]);

const POLL_MS = 1_000;

/** Steps 2 and 3: the preview to review, Confirm, then the worker's progress until the counts are in. */
export function ImportReview({
  jobId,
  accountName,
  onDiscarded,
}: {
  jobId: string;
  accountName: string;
  onDiscarded: () => void;
}) {
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The preview comes a page at a time (1,000 rows); a write's answer carries the first page.
  const [previewPage, setPreviewPage] = useState(1);
  const showJob = (answer: { data: ImportJob }) => {
    setPreviewPage(1);
    queryClient.setQueryData(trpc.programmatic.imports.get.queryKey({ id: jobId }), { data: answer.data });
    void queryClient.invalidateQueries({ queryKey: trpc.programmatic.imports.list.queryKey() });
  };
  // Booked or undone: balances, transactions and reports other pages keep are out of date.
  const refreshBooks = () => {
    const { manage, programmatic } = trpc;
    for (const area of [
      manage.wallets,
      programmatic.wallets,
      programmatic.transactions,
      programmatic.reports,
      programmatic.insights,
      manage.budgets,
      manage.goals,
    ]) {
      void queryClient.invalidateQueries({ queryKey: area.pathKey() });
    }
  };
  // The service kept the file: read it again with the choice, into the same import.
  const reparse = useMutation(trpc.programmatic.imports.reparse.mutationOptions({ onSuccess: showJob }));
  const [adjusting, setAdjusting] = useState(false);
  const readings = useRememberedReadings();
  // Undo: the first try keeps rows changed since the import; when the service names them, the next one removes them too.
  const [force, setForce] = useState(false);
  const revert = useMutation(
    trpc.programmatic.imports.revert.mutationOptions({
      onSuccess: (answer) => {
        showJob(answer);
        refreshBooks();
      },
      onError: () => setForce(true),
    }),
  );
  const undo = useConfirm(revert, () => ({ id: jobId, force }));
  const undoDialog = {
    ...undo.dialog,
    onCancel: () => {
      setForce(false);
      undo.dialog.onCancel();
    },
  };
  const discard = useMutation(
    trpc.programmatic.imports.discard.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.programmatic.imports.list.queryKey() });
        onDiscarded();
      },
    }),
  );
  const previewCategories = usePreviewCategories(jobId);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  // The preview's opening balance adjustment is a proposal the person may decline.
  const [adjustOpeningBalance, setAdjustOpeningBalance] = useState(true);
  const query = useQuery({
    ...trpc.programmatic.imports.get.queryOptions(
      previewPage === 1 ? { id: jobId } : { id: jobId, preview_page: previewPage },
    ),
    // Another page of the same job keeps the current one on screen until it arrives.
    placeholderData: (previous) => (previous?.data.id === jobId ? previous : undefined),
    refetchInterval: (current) =>
      current.state.data && isRunning(current.state.data.data.attributes.status) ? POLL_MS : false,
  });
  const confirm = useMutation(
    trpc.programmatic.imports.confirm.mutationOptions({
      onSuccess: (answer) => {
        setPreviewPage(1);
        queryClient.setQueryData(trpc.programmatic.imports.get.queryKey({ id: jobId }), { data: answer.data });
        void queryClient.invalidateQueries({ queryKey: trpc.programmatic.imports.list.queryKey() });
      },
    }),
  );
  const status = query.data?.data.attributes.status;
  // Booked while this page watched: other pages' balances are out of date (opening a completed import changes nothing).
  const watched = useRef(status);
  useEffect(() => {
    const before = watched.current;
    watched.current = status;
    if (status === "completed" && before !== undefined && isRunning(before)) refreshBooks();
  });
  useEffect(() => {
    // The history shows the final counts once the worker is done.
    if (status === "completed" || status === "failed")
      void queryClient.invalidateQueries({ queryKey: trpc.programmatic.imports.list.queryKey() });
  }, [status, queryClient, trpc]);

  if (query.isPending) return <p className="muted">Loading the import…</p>;
  if (query.isError) return <ErrorNotice error={query.error} />;
  const job: ImportJob = query.data.data;
  const attributes = job.attributes;
  const counts = attributes.preview_counts;
  const pending = attributes.status === "parsed" || attributes.status === "needs_input";
  const readingAdjustable = pending && TABLE_FILES.has(attributes.file_type);
  const semantics = AMOUNT_SEMANTICS.find(
    (option) => option.value === attributes.parse_options.amount_semantics,
  )?.value;

  return (
    <section className="card stack" aria-labelledby="import-review-title">
      <div className="plan-card-header">
        <div>
          <h2 id="import-review-title">{attributes.file_name}</h2>
          <p className="muted small import-subtitle">
            {accountName} · {attributes.file_type.toUpperCase()}
            {attributes.bank_name ? ` · ${attributes.bank_name}` : ""}
          </p>
        </div>
        <span className={`badge badge-import-${attributes.status}`}>{STATUS_LABELS[attributes.status]}</span>
      </div>

      <p className="import-counts" aria-label="Preview counts">
        <span>{plural(attributes.total_rows, "row", "rows")}</span>
        <span>{counts.new} new</span>
        <span className={counts.duplicate > 0 ? "count-warning" : undefined}>
          {plural(counts.duplicate, "duplicate", "duplicates")}
        </span>
        <span className={counts.invalid > 0 ? "count-error" : undefined}>
          {plural(counts.invalid, "problem", "problems")}
        </span>
        {counts.pre_opening > 0 ? (
          <span className="count-info">{counts.pre_opening} before the opening date</span>
        ) : null}
      </p>

      {attributes.warnings.length > 0 && pending ? (
        <div className="notice notice-info small" aria-label="How the file was read">
          <ul className="reading-warnings">
            {attributes.warnings.slice(0, 5).map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          {attributes.warnings.length > 5 ? (
            <p className="muted">…and {attributes.warnings.length - 5} more notes.</p>
          ) : null}
        </div>
      ) : null}

      {readingAdjustable && !adjusting ? (
        <div className="confirm-bar">
          <button type="button" className="button" onClick={() => setAdjusting(true)}>
            Adjust how this file is read
          </button>
        </div>
      ) : null}
      {readingAdjustable && adjusting ? (
        <ReadingEditor
          source={{ kind: "import", jobId }}
          initial={{
            ...readingOptions(attributes.parse_options),
            ...(semantics ? { amount_semantics: semantics } : {}),
          }}
          accountName={accountName}
          remembered={readings.of(attributes.account_id) !== null}
          applying={reparse.isPending}
          applyError={reparse.error || readings.error ? errorMessage(reparse.error ?? readings.error) : null}
          onApply={(options, remember) =>
            reparse.mutate(
              { id: jobId, parse_options: options },
              {
                // The file is read again either way; a failed "remember" keeps the editor open with its message.
                onSuccess: () =>
                  readings.settle(attributes.account_id, remember).then(
                    () => setAdjusting(false),
                    () => undefined,
                  ),
              },
            )
          }
          onCancel={() => setAdjusting(false)}
        />
      ) : null}

      {!adjusting && attributes.parse_options.amount_semantics_required && pending ? (
        <AmountSemanticsChoice
          current={attributes.parse_options.amount_semantics}
          needsInput={attributes.status === "needs_input"}
          pending={reparse.isPending}
          onChoose={(semantics: AmountSemantics) =>
            reparse.mutate({
              id: jobId,
              parse_options: { ...readingOptions(attributes.parse_options), amount_semantics: semantics },
            })
          }
        />
      ) : null}
      <ErrorNotice error={reparse.error} />

      {attributes.opening_balance_adjusted.map((adjustment) => (
        <div key={adjustment.account_id} className="notice notice-info">
          <strong>Opening balance adjustment.</strong> Rows dated before {adjustment.account_name}&apos;s opening date
          move it from {format.day(adjustment.old_opening_balance_date)} to{" "}
          {format.day(adjustment.new_opening_balance_date)}; the opening balance{" "}
          {attributes.status === "parsed"
            ? adjustOpeningBalance
              ? "would change"
              : "would stay as it is, instead of changing"
            : "changes"}{" "}
          from {format.money(adjustment.old_opening_balance, adjustment.currency_code)} to{" "}
          {format.money(adjustment.new_opening_balance, adjustment.currency_code)} (
          {format.money(adjustment.delta, adjustment.currency_code)}) so that the balance on{" "}
          {format.day(adjustment.balance_as_of_date)} is{" "}
          {format.money(adjustment.target_balance, adjustment.currency_code)}.
          {attributes.status === "parsed" ? (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={adjustOpeningBalance}
                onChange={(event) => setAdjustOpeningBalance(event.target.checked)}
              />
              Adjust the opening balance to {format.money(adjustment.new_opening_balance, adjustment.currency_code)} on{" "}
              {format.day(adjustment.new_opening_balance_date)}
            </label>
          ) : null}
        </div>
      ))}

      <PreviewTable
        rows={attributes.preview}
        page={attributes.preview_page}
        limit={attributes.preview_limit}
        total={attributes.preview_total}
        onPage={setPreviewPage}
        categories={previewCategories}
        editable={pending}
      />
      <ErrorNotice error={previewCategories.error} />

      {attributes.status === "parsed" || attributes.status === "needs_input" ? (
        <div className="confirm-bar">
          <button
            type="button"
            className="button"
            disabled={discard.isPending}
            onClick={() => discard.mutate({ id: jobId })}
          >
            {discard.isPending ? "Discarding…" : "Discard"}
          </button>
        </div>
      ) : null}
      <ErrorNotice error={discard.error} />
      {attributes.status === "parsed" ? (
        <div className="confirm-bar">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={skipDuplicates}
              onChange={(event) => setSkipDuplicates(event.target.checked)}
            />
            Skip duplicates ({counts.duplicate})
          </label>
          <button
            type="button"
            className="button button-primary"
            disabled={confirm.isPending}
            onClick={() =>
              confirm.mutate({
                id: jobId,
                skip_duplicates: skipDuplicates,
                adjust_opening_balance: adjustOpeningBalance,
              })
            }
          >
            {confirm.isPending ? "Confirming…" : "Confirm import"}
          </button>
        </div>
      ) : null}
      <ErrorNotice error={confirm.error} />
      <ImportOutcome job={job} />
      {attributes.status === "completed" ? (
        <div className="confirm-bar">
          <button type="button" className="button" onClick={() => undo.ask(jobId)}>
            Undo this import
          </button>
        </div>
      ) : null}
      {attributes.status === "reverted" ? (
        <p role="status" className="notice notice-info">
          This import was undone: its transactions were removed and the opening balance it had changed was restored.
        </p>
      ) : null}
      <ConfirmDialog {...undoDialog} title="Undo this import?" confirmLabel={force ? "Undo anyway" : "Undo import"}>
        <p>
          The {plural(attributes.imported_count, "transaction", "transactions")} it created are removed, and an opening
          balance it changed is restored. Balances and reports show it at once.
        </p>
        {force ? <p>Rows you changed since the import are removed too.</p> : null}
      </ConfirmDialog>
    </section>
  );
}

/** The options the file was read with, as the job echoes them, to send back with one of them changed. */
function readingOptions(echo: ImportJob["attributes"]["parse_options"]): ParseOptions {
  const { amount_semantics: _semantics, amount_semantics_required: _required, ...reading } = echo;
  return Object.fromEntries(
    Object.entries(reading).filter(([, value]) => value !== null && value !== undefined),
  ) as ParseOptions;
}

function ImportOutcome({ job }: { job: ImportJob }) {
  const { status, imported_count, skipped_count, skipped_existing_count, error_count, error_message } = job.attributes;
  if (isRunning(status)) {
    return (
      <p role="status" className="notice notice-info">
        {status === "queued"
          ? "Queued: the transactions are created in a moment…"
          : "Importing: creating the transactions…"}
      </p>
    );
  }
  if (status === "failed")
    return (
      <p role="alert" className="notice notice-error">
        The import failed: {error_message ?? "unknown error"}
      </p>
    );
  if (status !== "completed") return null;
  return (
    <div role="status" className="notice notice-success">
      <strong>Import completed.</strong>
      <dl className="figures import-result">
        <div className="figure">
          <dt>Imported</dt>
          <dd>{imported_count}</dd>
        </div>
        <div className="figure">
          <dt>Skipped</dt>
          <dd>
            {skipped_count} ({skipped_existing_count} already booked)
          </dd>
        </div>
        <div className="figure">
          <dt>Errors</dt>
          <dd>{error_count}</dd>
        </div>
      </dl>
    </div>
  );
}
