"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { Formatter } from "../locale/formatter";
import { useFormat } from "../locale/locale-provider";
import { ErrorNotice } from "../page-parts";
import { refreshQueries, showAnswer } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { isApplying, type RuleApplication, type RulesTranslator } from "./rule-types";

const POLL_MS = 1_000;

/** What an application of rules is doing, in words. */
function statusText({ attributes }: RuleApplication, t: RulesTranslator, format: Formatter): string {
  const changed = attributes.changed_count;
  switch (attributes.status) {
    case "queued":
      return t("application.queued");
    case "running":
      return t("application.running", { examined: attributes.examined_count, changed });
    case "completed":
      return t("application.completed", { changed, examined: format.number(attributes.examined_count) });
    case "failed":
      // The server's reason is English prose (no code to translate it by).
      return t("application.failed", { changed, error: attributes.error ?? t("application.unknownError") });
    case "undoing":
      return t("application.undoing");
    case "undone":
      return t("application.undone", { restored: attributes.restored_count, kept: attributes.kept_count });
  }
}

/**
 * One application of rules to past transactions: its progress, asked for every second while it
 * runs or is being undone, and Undo once it is done. Transactions, categories and reports are
 * refreshed when it finishes.
 */
export function ApplicationProgress({ id, compact = false }: { id: string; compact?: boolean }) {
  const t = useTranslations("rules");
  const format = useFormat();
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

  if (query.isPending) return <p className="muted small">{t("application.loading")}</p>;
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
        {statusText(application, t, format)}
      </p>
      {undoable ? (
        <div>
          <button
            type="button"
            className="button button-small"
            disabled={undo.isPending}
            onClick={() => undo.mutate({ id })}
          >
            {undo.isPending ? t("application.undoPending") : t("application.undo")}
          </button>
        </div>
      ) : null}
      <ErrorNotice error={undo.error} />
    </div>
  );
}
