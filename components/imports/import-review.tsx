"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "../modal";
import { ErrorNotice } from "../page-parts";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { AmountSemanticsChoice } from "./amount-semantics-choice";
import { amountSemanticsOf, type AmountSemantics, type ImportJob, type ParseOptions } from "./import-types";
import { ImportOutcome } from "./import-outcome";
import { ImportSummary } from "./import-summary";
import { OpeningBalanceAdjustments } from "./opening-balance-adjustments";
import { usePreviewCategories } from "./preview-category";
import { PreviewTable } from "./preview-table";
import { ReadingEditor } from "./reading-editor";
import { StatementAccounts } from "./statement-accounts";
import { useRememberedReadings } from "./remembered-readings";
import { useImportJob } from "./use-import-job";

/** Files with columns a person can name; OFX and MT940 say how they are read. */
const TABLE_FILES = new Set(["csv", "xlsx", "xls"]);

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
  const t = useTranslations("imports.review");
  const { query, setPreviewPage, reparse, undo, undoDialog, force, discard, confirm } = useImportJob(
    jobId,
    onDiscarded,
  );
  const [adjusting, setAdjusting] = useState(false);
  const trpc = useTRPC();
  const readings = useRememberedReadings();
  const accounts = useQuery(trpc.imports.accounts.queryOptions());
  const previewCategories = usePreviewCategories(jobId);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  // The preview's opening balance adjustment is a proposal the person may decline.
  const [adjustOpeningBalance, setAdjustOpeningBalance] = useState(true);

  if (query.isPending) return <p className="muted">{t("loading")}</p>;
  if (query.isError) return <ErrorNotice error={query.error} />;
  const job: ImportJob = query.data.data;
  const attributes = job.attributes;
  const counts = attributes.preview_counts;
  const pending = attributes.status === "parsed" || attributes.status === "needs_input";
  const readingAdjustable = pending && TABLE_FILES.has(attributes.file_type);
  const accountNames = new Map((accounts.data ?? []).map((account) => [account.id, account.name]));
  const severalAccounts =
    new Set(attributes.statements.flatMap((each) => (each.account_id ? [each.account_id] : []))).size > 1;
  const semantics = amountSemanticsOf(attributes.parse_options.amount_semantics);
  const currentReading = {
    ...readingOptions(attributes.parse_options),
    ...(semantics ? { amount_semantics: semantics } : {}),
  };
  const newAccounts = new Set(
    (accounts.data ?? []).flatMap((account) => (account.has_transactions ? [] : [account.id])),
  );

  return (
    <section className="card stack" aria-labelledby="import-review-title">
      <ImportSummary attributes={attributes} accountName={accountName} pending={pending} />

      {attributes.statements.length > 1 ? (
        <StatementAccounts
          key={attributes.preview_version}
          statements={attributes.statements}
          editable={pending}
          applying={reparse.isPending}
          onApply={(accountMap) =>
            reparse.mutate({
              id: jobId,
              parse_options: { ...currentReading, account_map: accountMap },
            })
          }
        />
      ) : null}

      {readingAdjustable && !adjusting ? (
        <div className="confirm-bar">
          <button type="button" className="button" onClick={() => setAdjusting(true)}>
            {t("adjust")}
          </button>
        </div>
      ) : null}
      {readingAdjustable && adjusting ? (
        <ReadingEditor
          source={{ kind: "import", jobId }}
          initial={currentReading}
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

      <OpeningBalanceAdjustments
        attributes={attributes}
        adjust={adjustOpeningBalance}
        onAdjust={setAdjustOpeningBalance}
        newAccounts={newAccounts}
        rereading={reparse.isPending}
        // The account now starts on the statement's first day: read the file again, with no row before it.
        onAccountStarted={() => reparse.mutate({ id: jobId, parse_options: currentReading })}
      />

      <PreviewTable
        rows={attributes.preview}
        page={attributes.preview_page}
        limit={attributes.preview_limit}
        total={attributes.preview_total}
        onPage={setPreviewPage}
        categories={previewCategories}
        editable={pending}
        accountNames={severalAccounts ? accountNames : null}
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
            {discard.isPending ? t("discarding") : t("discard")}
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
            {t("skipDuplicates", { count: String(counts.duplicate) })}
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
            {confirm.isPending ? t("confirming") : t("confirm")}
          </button>
        </div>
      ) : null}
      <ErrorNotice error={confirm.error} />
      <ImportOutcome job={job} />
      {attributes.status === "completed" ? (
        <div className="confirm-bar">
          <button type="button" className="button" onClick={() => undo.ask(jobId)}>
            {t("undo")}
          </button>
        </div>
      ) : null}
      {attributes.status === "reverted" ? (
        <p role="status" className="notice notice-info">
          {t("reverted")}
        </p>
      ) : null}
      <ConfirmDialog {...undoDialog} title={t("undoTitle")} confirmLabel={force ? t("undoAnyway") : t("undoConfirm")}>
        <p>{t("undoBody", { count: attributes.imported_count, shown: String(attributes.imported_count) })}</p>
        {force ? <p>{t("undoForce")}</p> : null}
      </ConfirmDialog>
    </section>
  );
}

/** The options the file was read with, as the job echoes them, to send back with one of them changed. */
function readingOptions(echo: ImportJob["attributes"]["parse_options"]): ParseOptions {
  // What the echo says beside the options (whether input is needed, the other account's number) is not sent back.
  const {
    amount_semantics: _semantics,
    amount_semantics_required: _required,
    account_map_required: _mapRequired,
    other_account: _otherAccount,
    ...reading
  } = echo;
  return Object.fromEntries(
    Object.entries(reading).filter(([, value]) => value !== null && value !== undefined),
  ) as ParseOptions;
}
