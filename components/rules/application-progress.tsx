"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { plural } from "../format";
import { ErrorNotice } from "../page-parts";
import { refreshQueries, showAnswer } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { isApplying, type RuleApplication } from "./rule-types";

const POLL_MS = 1_000;

/** What an application of rules is doing, in words. */
function statusText({ attributes }: RuleApplication): string {
  const changed = plural(attributes.changed_count, "transaction", "transactions");
  switch (attributes.status) {
    case "queued":
      return "Queued: the rules are applied in a moment…";
    case "running":
      return `Applying the rules: ${attributes.examined_count} transactions examined, ${changed} changed so far…`;
    case "completed":
      return `Applied: ${changed} changed (of ${attributes.examined_count} examined).`;
    case "failed":
      return `The application failed after changing ${changed}: ${attributes.error ?? "unknown error"}.`;
    case "undoing":
      return "Undoing: putting the categories back…";
    case "undone":
      return (
        `Undone: ${plural(attributes.restored_count, "transaction", "transactions")} put back` +
        (attributes.kept_count > 0 ? `, ${attributes.kept_count} changed since kept as they are.` : ".")
      );
  }
}

/**
 * One application of rules to past transactions: its progress, asked for every second while it
 * runs or is being undone, and Undo once it is done. Transactions, categories and reports are
 * refreshed when it finishes.
 */
export function ApplicationProgress({ id, compact = false }: { id: string; compact?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.categorisationRules.application.queryOptions({ id }),
    refetchInterval: (current) =>
      current.state.data && isApplying(current.state.data.data.attributes.status) ? POLL_MS : false,
  });
  const undo = useMutation(
    trpc.categorisationRules.undo.mutationOptions({
      onSuccess: (answer) => showAnswer(queryClient, trpc.categorisationRules.application.queryKey({ id }), answer),
    }),
  );
  const status = query.data?.data.attributes.status;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status === undefined || isApplying(status) || before === undefined || !isApplying(before)) return;
    // Done while watched: lists, balances by category and reports elsewhere are out of date.
    const areas = [
      trpc.transactions,
      trpc.reports,
      trpc.insights,
      trpc.categories,
      trpc.budgets,
      trpc.categorisationRules.applications,
    ];
    void refreshQueries(queryClient, ...areas.map((area) => area.pathKey()));
  }, [status, queryClient, trpc]);

  if (query.isPending) return <p className="muted small">Loading the application…</p>;
  if (query.isError) return <ErrorNotice error={query.error} />;
  const application = query.data.data;
  const { attributes } = application;
  const undoable =
    (attributes.status === "completed" || attributes.status === "failed") && attributes.changed_count > 0;
  const tone =
    attributes.status === "failed"
      ? "notice notice-error"
      : isApplying(attributes.status)
        ? "notice notice-info"
        : "notice notice-success";
  return (
    <div className={compact ? "stack" : `${tone} stack`} data-status={attributes.status}>
      <p role="status" className={compact ? "small" : undefined}>
        {statusText(application)}
      </p>
      {undoable ? (
        <div>
          <button
            type="button"
            className="button button-small"
            disabled={undo.isPending}
            onClick={() => undo.mutate({ id })}
          >
            {undo.isPending ? "Undoing…" : "Undo this application"}
          </button>
        </div>
      ) : null}
      <ErrorNotice error={undo.error} />
    </div>
  );
}
